__version__ = "0.1.0"  # the project() VERSION of CMakeLists.txt (a test checks it)
