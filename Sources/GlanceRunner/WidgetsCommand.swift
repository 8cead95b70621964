import ArgumentParser
import GlanceIntents
import GlanceSystem
import GlanceWidgetKit

/// `glance widgets [KIND]`: the widgets this program knows, with their parameters as
/// `params:` and `--param` write them, their summaries and recommended configurations.
package struct WidgetsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "widgets",
        abstract: "List the widgets and their parameters (what params: and --param take)."
    )

    @Argument(help: "One widget kind; default: every widget.")
    var kind: String?

    package init() {}

    package func run() throws {
        let registry = WidgetCatalog.registry
        let kinds = kind.map { [$0] } ?? registry.kinds
        for (index, kind) in kinds.enumerated() {
            guard let descriptor = registry[kind] else {
                throw UsageError(message: "unknown widget kind '\(kind)'; expected one of \(registry.kinds.joined(separator: ", "))")
            }
            if index > 0 { print("") }
            print(Self.listing(of: descriptor).joined(separator: "\n"))
        }
    }

    /// The lines `glance widgets` prints for one widget.
    static func listing(of descriptor: WidgetDescriptor, optionsTimeout: Double = 5) -> [String] {
        var lines = ["\(descriptor.kind): \(descriptor.displayName)" + (descriptor.description.isEmpty ? "" : " — \(descriptor.description)")]
        if let category = descriptor.intentDescription?.categoryName { lines.append("  category: \(category.key)") }
        lines.append("  families: " + descriptor.supportedFamilies.map(\.rawValue).joined(separator: ", "))
        if let summary = descriptor.parameterSummary { lines.append("  summary: \(summary)") }
        if !descriptor.parameters.isEmpty {
            lines.append("  params:")
            let width = descriptor.parameters.map(\.name.count).max() ?? 0
            for parameter in descriptor.parameters {
                var notes: [String] = []
                if parameter.isRequired {
                    notes.append("required")
                } else if let texts = parameter.defaultTexts, !texts.isEmpty {
                    notes.append("default \(texts.joined(separator: ","))")
                }
                if parameter.isList { notes.append("a list: [a, b] in params:, a,b on the command line") }
                if let offered = offeredValues(descriptor, parameter.name, timeout: optionsTimeout) {
                    notes.append("offers \(offered.joined(separator: ", "))")
                }
                let padded = parameter.name + String(repeating: " ", count: width - parameter.name.count)
                lines.append("    \(padded)  \(parameter.title): \(parameter.typeName)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
            }
        }
        let recommendations = descriptor.recommendations()
        if !recommendations.isEmpty {
            lines.append("  recommended:")
            for recommendation in recommendations {
                let flags = recommendation.parameters.map { "--param \(shellWord("\($0.name)=\($0.text)"))" }.joined(separator: " ")
                lines.append("    \(recommendation.description): \(flags)")
            }
        }
        return lines
    }

    /// What a parameter's options provider offers, waited for on the provider executor;
    /// `nil` without a provider, or when it throws or takes longer than `timeout` seconds.
    private static func offeredValues(_ descriptor: WidgetDescriptor, _ name: String, timeout: Double) -> [String]? {
        let box = OfferedValues()
        let ask = UncheckedSendable(descriptor.offeredValues)
        Task(executorPreference: ProviderExecutor.shared) {
            box.store((try? await ask.value(name)) ?? nil)
        }
        return box.wait(seconds: timeout)
    }

    private static func shellWord(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "=-_.,:/+".contains($0) } ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// One answer from another thread.
private final class OfferedValues: @unchecked Sendable {
    private let condition = ConditionLock()
    private var answered = false
    private var values: [String]?

    func store(_ newValues: [String]?) {
        condition.withLock {
            values = newValues
            answered = true
            condition.broadcast()
        }
    }

    func wait(seconds: Double) -> [String]? {
        condition.withLock {
            while !answered, condition.wait(seconds: seconds) {}
            return values
        }
    }
}
