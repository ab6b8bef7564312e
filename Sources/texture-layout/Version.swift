/// The tool's version, printed by `texture-layout --version`: raised with each release so that a bug report can
/// say which tool drew a picture or computed a layout (`MAJOR.MINOR.PATCH`, semantic versioning).
let toolVersion = "0.2.0"
