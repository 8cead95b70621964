// The corpus compiles widget files exactly as they were published: `import Intents` there
// (an `IntentConfiguration` widget's `INIntent`) is this module, which is `import Glance`.
@_exported import Glance
