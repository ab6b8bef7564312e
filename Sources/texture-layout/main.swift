print("texture-layout")
