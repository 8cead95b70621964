// The corpus compiles widget files exactly as they were published: `import AppIntents` there
// is this module, which is `import Glance` (the one import a ported widget needs).
@_exported import Glance
