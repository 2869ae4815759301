import Foundation
import HuntKit

/// A players' upload the server refused or could not keep: which team, which task, the status it
/// answered and why (the message the page got).
package struct UploadFailure: Sendable, Codable, Equatable {
    package var team: String
    package var task: String
    package var status: Int
    package var why: String

    /// A 5xx: the server's (the organizers') problem, not something the players can change.
    package var isServers: Bool { status >= 500 }
}

extension ServeSession {
    /// Tells the organizer's terminal (`ServeLog`) of a failed upload, and when the failure is the
    /// server's, the console ("uploads are failing: …") until an upload succeeds again.
    func uploadFailed(_ failure: UploadFailure) {
        // Blind judges' streams carry no team (the terminal's line names none either).
        var told = failure
        if configuration.blind { told.team = "" }
        events.send("upload-failed", told)
        guard failure.isServers, uploadsFailing != failure.why else { return }
        uploadsFailing = failure.why
        events.send("uploads", UploadsState(failing: failure.why))
    }

    /// An upload was kept: uploads work again.
    func uploadSucceeded() {
        guard uploadsFailing != nil else { return }
        uploadsFailing = nil
        events.send("uploads", UploadsState(failing: nil))
    }
}

/// The `uploads` event: why uploads are failing, or nil once they work again.
struct UploadsState: Encodable {
    var failing: String?

    func encode(to encoder: any Encoder) throws {
        // `failing: null` said outright: the console clears its banner on it.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(failing, forKey: .failing)
    }

    enum CodingKeys: String, CodingKey { case failing }
}
