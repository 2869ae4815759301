import Testing
@testable import HuntServe

@Suite struct PlayersListTests {
    /// Issue 38: `--players-list teams.csv` was written with CRLF, which `while read` and
    /// mail-merge scripts carry into every URL.
    @Test("the teams' URL list has Unix line ends and quotes what needs quoting")
    func lineEnds() {
        let text = PlayersRoom.csv([("foxes", "Red Foxes", "https://hunt.example.org/t/ab"), ("owls", "Owls, Night", "https://hunt.example.org/t/cd")]
        )
        #expect(text == "team,name,url\nfoxes,Red Foxes,https://hunt.example.org/t/ab\nowls,\"Owls, Night\",https://hunt.example.org/t/cd\n")
        #expect(!text.contains("\r"))
    }
}
