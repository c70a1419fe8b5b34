package family

// GameReader is a Family that reads whole games from logs of formats of its own (riichi: Tenhou's
// mjlog XML, tenhou.net/6 JSON, mjai JSON Lines), told apart by their content, and replays each
// under the rules the log's own flags select. A hand's log (YAML, or JSON Lines of mjref events) is
// every family's (engine.Refereed); a game's log is this capability, which engine.RefereeGame runs.
type GameReader interface {
	// ReadsGame says, from data's first bytes alone, whether data is a game log of the family's.
	ReadsGame(data []byte) bool
	// RefereeGame reads data and replays the game: every hand scored and settled by the family's
	// rules beside what the log records, every step ruled. A log that cannot be read, or cannot
	// be a real game, is an error naming the element or line.
	RefereeGame(data []byte) (Game, error)
	// GameFormats names the formats read, for a hint: "Tenhou's mjlog XML (plain or gzip), ...".
	GameFormats() string
	// GameLimits is the paragraph of `mjref help limits` on the caps of the family's game logs.
	GameLimits() string
}

// Game is a game replayed from its log: a JSON document (referee-game.json for riichi) that
// renders itself for a person.
type Game interface {
	// Positive is the verdict: false when a step is illegal, or, with check, when a result or the
	// final scores differ from what the log records.
	Positive(check bool) bool
	// Render writes the game for a person to read.
	Render(p Printer) error
}
