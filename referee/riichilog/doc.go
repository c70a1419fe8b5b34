// Package riichilog reads the logs riichi players and bots already have — Tenhou's mjlog XML (plain
// or gzip), tenhou.net/6 JSON and mjai JSON Lines — into one neutral model: a Game of Rounds, each
// with its deal, its events in play order and the results the log records (who won, han, fu,
// points, yaku, each seat's change). Read detects the format from the content, never the name.
//
// Every log is untrusted: the input, each attribute, the number of elements, lines and rounds
// are capped (see the Max constants), an XML document's DOCTYPE is refused (encoding/xml never
// expands a custom entity, so a billion-laughs document is an error, not a bomb), and anything
// that cannot be a real game — a call code that decodes to an impossible meld, a tile id outside
// 0–135, a seat that is not at the table — is a *Error naming the element (tag, index and byte
// offset), the JSON path or the line. Nothing here panics on input.
//
// The package rules on nothing: Check compares what the log says was paid with the arithmetic of
// the recorded han, fu and limit (the riichi points table), honba and sticks; replaying each step
// under a ruleset belongs to the riichi family.
//
// Seats are the log's seat numbers, 0–3, in the order the log lists them (seat 0 deals the first
// hand in Tenhou's logs unless TAIKYOKU says otherwise). Points are whole points (Tenhou's
// hundreds multiplied out).
package riichilog
