import Testing
@testable import NavServer
import NavProtocol
import NavigationCore

/// Issue 11: `nav.selectTab {"tab": 2.0}` was refused while `int` params took `2.0`. On the
/// wire, through whichever path reads the line (the scanner declines a number with a fraction
/// part and the parser decides), an integral number is an integer wherever one is read.
@Suite struct IntegralNumberLineTests {
    @Test func integralNumbersAreIntegersOnTheWire() {
        let harness = Harness()
        let client = harness.connect()
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"nav.selectTab","params":{"tab":2.0}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"nav.route","params":{"to":"chat","params":{"chatId":"c1"},"expectRevision":2.0}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"nav.close","params":{"expectRevision":3e0}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"nav.selectTab","params":{"tab":2.5}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"nav.close","params":{"expectRevision":4.5}}"#,
        ]
        for line in lines { harness.send(line + "\n", from: client) }
        let replies = harness.take(client)
        #expect(replies.count == 5)
        #expect(replies[0]["result"]?["revision"] == 2)
        #expect(replies[1]["result"]?["revision"] == 3)
        #expect(replies[2]["result"]?["revision"] == 4)
        #expect(replies[3]["error"]?["code"] == -32602)
        #expect(replies[3]["error"]?["message"] == "invalid params: 'tab' must be a flow name or an index, not 2.5")
        #expect(replies[4]["error"]?["code"] == -32602)
        #expect(replies[4]["error"]?["message"] == "invalid params: 'expectRevision' must be an integer, not 4.5")
    }
}
