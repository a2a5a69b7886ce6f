// `import os`: on iOS it brings `Logger` (and the older os_log, which is not here: write
// `Logger` instead, docs/porting.md).
@_exported import OSLog
