// `import OSLog` in a widget's file is this module, the same as `import os`.
@_exported import os
