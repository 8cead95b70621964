// Harness file, not from the source: what Xcode generates from the widget's
// `.intentdefinition` (not among the published files), declared as Glance asks: the
// definition's intent has no parameters the widget reads.
import Intents

class ConfigurationIntent: INIntent, @unchecked Sendable {}
