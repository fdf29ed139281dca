internal import NavGraph
internal import NavJSON

/// Reading and writing coverage files (docs/graph.md) the way navctl reads its other files.
enum CoverageFiles {
    static func read(_ path: String, in session: NavctlSession) throws(NavctlError) -> CoverageFile {
        let text = try session.environment.readFile(path).get()
        do {
            return try CoverageFile(json: text)
        } catch {
            throw .failed("\(path): \(error.message)")
        }
    }

    static func write(_ file: CoverageFile, to path: String) throws(NavctlError) {
        do {
            try Files.write(path, JSONWriter.string(file.jsonValue) + "\n")
        } catch {
            throw .failed(error.message)
        }
    }
}
