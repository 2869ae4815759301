import Foundation

/// Every sentence a team's page says that the server writes: why a photo counted or not, keyed
/// by reason code, and the page's words for groups and live tasks. Placeholders are named
/// (`{task}`, `{distance}`), so a translation (issue 39) is another table of the same keys; the
/// values put into them (`PlayerReasons`) are already written for players — titles not ids, the
/// hunt's local time, rounded distances and durations.
///
/// The judges keep the judge's own messages (console, reports); results.json keeps its codes.
package struct PlayerCatalog: Sendable {
    /// Key → template.
    package var texts: [String: String]

    /// The English texts.
    package static let english = PlayerCatalog(texts: [
        // Reasons, keyed by `ReasonCode` (a code with variants adds `.variant`).
        "unreadable": "We could not read this file as a photo. Send the photo as your camera took it, not a screenshot or a copy from a chat app.",
        "unknown-team": "This photo was filed under no team. Ask the organizers.",
        "unknown-task": "We could not tell which task this photo is for. Send it again from the task's card.",
        "ambiguous-task": "Your photo was taken where several tasks are; the judges will choose which one it counts for.",
        "no-target": "The judges will look at this photo themselves.",
        "no-position": "Your photo has no location. Switch location on for the camera and take a new photo.",
        "outside-target": "Your photo was taken {distance} {side} of {target}, too far away to count. Go there and take a new photo.",
        "outside-target.area": "Your photo was taken {distance} {side} of the edge of {target}, outside it. Go inside and take a new photo.",
        "outside-target.plain": "Your photo was taken {distance} from {target}, too far away to count. Go there and take a new photo.",
        "uncertain-position": "Your photo was taken {distance} from {target}, and your phone's location was only good to {accuracy}: too close to the edge to tell. The judges will look at it; wait for a better location fix before the next photo.",
        "uncertain-position.plain": "Your phone's location was not exact enough to tell whether you were at {target}. The judges will look at it; wait for a better location fix before the next photo.",
        "imprecise-position": "Your phone's location was only good to {accuracy} when you took this photo, too rough to tell. The judges will look at it; take the next photo outdoors, with location on.",
        "imprecise-position.plain": "Your phone's location was too rough to tell where this photo was taken. The judges will look at it; take the next photo outdoors, with location on.",
        "no-time": "Your photo records no time. The judges will look at it; send photos as the camera took them.",
        "before-window": "Your photo was taken {when}, {gap} before the hunt started ({limit}). Take a new photo now.",
        "before-window.task": "Your photo was taken {when}, {gap} before {task} opened ({limit}). Take a new photo when it is open.",
        "after-window": "Your photo was taken {when}, {gap} after the hunt ended ({limit}). Photos taken after the end don't count.",
        "after-window.task": "Your photo was taken {when}, {gap} after {task} closed ({limit}). Photos taken after that don't count.",
        "before-window.plain": "Your photo was taken before the hunt, or this task, had started. Take a new photo now.",
        "after-window.plain": "Your photo was taken after the hunt, or this task, had ended. Photos taken after the end don't count.",
        "clock-skew": "Your camera's clock was {gap} off from the time its GPS gave. The judges will look at it; set the phone's clock to automatic.",
        "edited": "This photo was changed in an editing app ({software}). The judges will look at it; send photos as the camera took them.",
        "edited.plain": "This photo was changed in an editing app. The judges will look at it; send photos as the camera took them.",
        "duplicate-of": "This exact photo was sent before, for another task or by another team. Take a new photo for this task.",
        "too-fast": "From your team's previous photo to this one you would have travelled at {speed}. The judges will look at it.",
        "dwell-short": "This task needs two photos at the same place, at least {dwell} apart; this one has no partner yet. Take another photo there later.",
        "order": "This task counts only after {tasks}, which your team had not done when this photo was taken ({when}). Do that first, then take a new photo here.",
        "order.plain": "This task counts only after {tasks}, which your team had not done yet. Do that first, then take a new photo here.",
        "wrong-media": "This task asks for a {wanted}, and this is a {sent}. Send a {wanted}.",
        "browser-position": "Your photo has no location of its own, so your phone's position when you sent it was used.",
        "browser-fix-weak": "Your photo has no location, and your phone's position when you sent it was too rough or too late to stand in for it. Switch location on for the camera and take a new photo.",
        "not-live": "This task counts only a photo taken with the “Take a photo” button on this page. Take a new photo with it.",
        "not-live.late": "This photo was sent {gap} after it was taken; this task counts only photos sent within {limit}. Take a new photo with “Take a photo” and send it right away.",
        // The judges' own decision, and a photo not judged yet.
        "judges.accepted": "The judges accepted it.",
        "judges.accepted.note": "The judges accepted it: {note}",
        "judges.rejected": "The judges rejected it.",
        "judges.rejected.note": "The judges rejected it: {note}",
        "waiting": "Waiting for the judge.",
        // Groups and live tasks on the cards.
        "group.member": "Counts towards {group} — {done} of {needed} done",
        "group.progress": "{done} of {needed} done",
        "group.needs": "Any {needed} of these {count}: each has its own card",
        "live.card": "Only a photo taken now with “Take a photo” counts, sent within {limit}.",
        "live.gallery": "From the phone's photos (won't count)",
        // Durations and dates.
        "duration.years": "{n} years", "duration.year": "1 year",
        "duration.days": "{n} days", "duration.day": "1 day",
        "duration.hours": "{h} h {min} min", "duration.hour": "{h} h",
        "duration.minutes": "{min} min", "duration.seconds": "{s} s",
        "time.today": "at {time}",
        "time.other-day": "on {date} at {time}",
        "date": "{day} {month} {year}",
        "month.1": "January", "month.2": "February", "month.3": "March", "month.4": "April", "month.5": "May", "month.6": "June",
        "month.7": "July", "month.8": "August", "month.9": "September", "month.10": "October", "month.11": "November", "month.12": "December",
        "side.N": "north", "side.NE": "north-east", "side.E": "east", "side.SE": "south-east",
        "side.S": "south", "side.SW": "south-west", "side.W": "west", "side.NW": "north-west",
        "list.and": "{a} and {b}",
        "thousands": ",", "decimal": ".",
    ])

    /// The template for `key`, its placeholders replaced by `values`; a placeholder without a
    /// value stays as written, so a missing value shows in a test instead of vanishing.
    package func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard var text = texts[key] else { return key }
        for (name, value) in values { text = text.replacingOccurrences(of: "{" + name + "}", with: value) }
        return text
    }

    /// Whether the table has `key`.
    package func has(_ key: String) -> Bool { texts[key] != nil }
}
