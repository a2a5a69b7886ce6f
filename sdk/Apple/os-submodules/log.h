// Intentionally empty: the names `import os.log` brings are Swift's, in the `os` overlay
// (sdk/Apple/os). See module.modulemap.
