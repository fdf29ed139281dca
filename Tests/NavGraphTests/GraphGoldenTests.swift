import Foundation
import NavGraph
import NavigationCore
import Testing

/// The DOT and Mermaid of the sample app and of every definition in examples/, compared with
/// `Tests/golden/graph-NAME.dot` and `.mmd`. `NAVGRAPH_UPDATE_GOLDEN=1` rewrites them and fails
/// the test, so that an update is always looked at before it is committed.
@Suite("Golden DOT and Mermaid")
struct GraphGoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let golden = repository.appendingPathComponent("Tests/golden")

    /// The sample, then examples/*.json by name.
    static func definitions() throws -> [(name: String, definition: AppDefinition)] {
        let examples = repository.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        return try [("sample", AppDefinition.sample)] + files.map { file in
            let text = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
            return (String(file.dropLast(5)), try AppDefinition.load(json: text).definition)
        }
    }

    @Test func sampleAndExamplesMatchTheirGoldenFiles() throws {
        let definitions = try Self.definitions()
        #expect(definitions.count >= 4, "the sample and examples/*.json")
        for (name, definition) in definitions {
            let graph = NavGraph(definition: definition)
            expectGolden("graph-\(name).dot", DOTWriter(graph: graph).write())
            expectGolden("graph-\(name).mmd", MermaidWriter(graph: graph).write())
        }
    }

    func expectGolden(_ file: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = Self.golden.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["NAVGRAPH_UPDATE_GOLDEN"] == "1" {
            try? text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(url.path); check it and run again without NAVGRAPH_UPDATE_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(url.path) (NAVGRAPH_UPDATE_GOLDEN=1 writes it)", sourceLocation: sourceLocation)
            return
        }
        #expect(text == golden, "\(file) differs from its golden file", sourceLocation: sourceLocation)
    }
}
