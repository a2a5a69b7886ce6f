// `import os` and `import os.log`: on iOS they bring `Logger` and the older `OSLog` and `os_log`
// (OSLogLegacy.swift). `import os.log` resolves because a Clang module `os` with a `log`
// submodule exists (sdk/Apple/os-submodules) and this Swift module is its overlay.
@_exported import OSLog
