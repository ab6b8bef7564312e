/// What a FreeType error code means for whoever gave the font: its name in FreeType's error list (`fterrdef.h`)
/// and, in words, what is wrong with the file. This FreeType is built without its own error strings
/// (`FT_Error_String` answers nothing), and "FreeType error 85" tells a document's author nothing.
func freeTypeProblem(_ code: Int32) -> String {
    let name = freeTypeErrorNames[code].map { "FreeType \($0)" } ?? "FreeType error \(code)"
    let meaning: String
    switch code {
    case 0x40: meaning = "there was not enough memory to load it"
    case 0x51...0x58: meaning = "the file ends, or its tables point, before the data they describe"
    case 0x8E...0x9E: meaning = "a table the font needs is missing or broken"
    case 0x80...0x8D, 0xA0...0xA4: meaning = "the font's instructions or charstrings are broken"
    case 0xB0...0xBA: meaning = "a bitmap font field is missing or broken"
    default: meaning = "the file's tables are broken"
    }
    return "\(name): \(meaning)"
}

/// The names of FreeType's errors, by code (FreeType 2.10 to 2.13 number them alike).
private let freeTypeErrorNames: [Int32: String] = [
    0x01: "Cannot_Open_Resource", 0x02: "Unknown_File_Format", 0x03: "Invalid_File_Format", 0x04: "Invalid_Version",
    0x05: "Lower_Module_Version", 0x06: "Invalid_Argument", 0x07: "Unimplemented_Feature", 0x08: "Invalid_Table",
    0x09: "Invalid_Offset", 0x0A: "Array_Too_Large", 0x0B: "Missing_Module", 0x0C: "Missing_Property",
    0x10: "Invalid_Glyph_Index", 0x11: "Invalid_Character_Code", 0x12: "Invalid_Glyph_Format",
    0x13: "Cannot_Render_Glyph", 0x14: "Invalid_Outline", 0x15: "Invalid_Composite", 0x16: "Too_Many_Hints",
    0x17: "Invalid_Pixel_Size", 0x18: "Invalid_SVG_Document", 0x40: "Out_Of_Memory", 0x41: "Unlisted_Object",
    0x51: "Cannot_Open_Stream", 0x52: "Invalid_Stream_Seek", 0x53: "Invalid_Stream_Skip", 0x54: "Invalid_Stream_Read",
    0x55: "Invalid_Stream_Operation", 0x56: "Invalid_Frame_Operation", 0x57: "Nested_Frame_Access",
    0x58: "Invalid_Frame_Read", 0x80: "Invalid_Opcode", 0x81: "Too_Few_Arguments", 0x82: "Stack_Overflow",
    0x83: "Code_Overflow", 0x84: "Bad_Argument", 0x85: "Divide_By_Zero", 0x86: "Invalid_Reference",
    0x8B: "Execution_Too_Long", 0x8E: "Table_Missing", 0x8F: "Horiz_Header_Missing", 0x90: "Locations_Missing",
    0x91: "Name_Table_Missing", 0x92: "CMap_Table_Missing", 0x93: "Hmtx_Table_Missing", 0x94: "Post_Table_Missing",
    0x95: "Invalid_Horiz_Metrics", 0x96: "Invalid_CharMap_Format", 0x97: "Invalid_PPem", 0x98: "Invalid_Vert_Metrics",
    0x9A: "Invalid_Post_Table_Format", 0x9B: "Invalid_Post_Table", 0x9D: "Missing_Bitmap", 0xA0: "Syntax_Error",
    0xA1: "Stack_Underflow", 0xA4: "Glyph_Too_Big", 0xB9: "Corrupted_Font_Header", 0xBA: "Corrupted_Font_Glyphs",
]
