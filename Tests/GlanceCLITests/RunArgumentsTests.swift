import GlanceRunner
import Testing

/// `glance run`'s quick reading of its arguments (the daemon's start, without
/// ArgumentParser) gives what ArgumentParser's reading gives, and leaves anything else to
/// it (help, mistakes, repeats, forms it does not know).
@Suite struct RunArgumentsTests {
    @Test(arguments: [
        [], ["--once"], ["--config", "wall.yaml"], ["-c", "wall.yaml", "--once"], ["--config=wall.yaml"],
        ["--once", "--config", "a b.yaml"], ["--print-demo-config"], ["--once", "--print-demo-config", "-c", "x"],
    ])
    func theQuickReadingIsArgumentParsers(_ arguments: [String]) throws {
        let quick = try #require(RunCommand.parsedQuickly(arguments), "\(arguments) is read quickly")
        let parsed = try RunCommand.parsedByArgumentParser(arguments)
        #expect(quick.asked == parsed.asked, "\(arguments)")
    }

    @Test(arguments: [
        ["--confg", "x"], ["--config"], ["--config", "--once"], ["-c", "-x"], ["--once", "--once"],
        ["--config", "a", "--config", "b"], ["--config="], ["wall.yaml"], ["-cwall.yaml"], ["--", "--once"],
        ["--help"], ["-h"], ["help"], ["--once", "--version"], ["--generate-completion-script", "bash"],
    ])
    func anythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(RunCommand.parsedQuickly(arguments) == nil, "\(arguments)")
    }
}
