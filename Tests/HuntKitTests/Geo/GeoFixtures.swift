import Foundation

enum GeoFixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("geo").appendingPathComponent(name)
    }
}
