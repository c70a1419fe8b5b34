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

// GameLiner is a GameReader some of whose game logs fit on one line (a whole mjlog or tenhou.net/6
// document), as mjref referee - -o jsonl reads them one a line.
type GameLiner interface {
	GameReader
	// GameLine says whether line (one line, no newline) is a whole game log of the family's, not
	// one event of a log written a line an event.
	GameLine(line []byte) bool
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

// GameKeeper is a GameReader whose games a table ledger can keep (mjref ledger import): it reads a
// game's log into the players, the ruleset its flags select and every hand's result as the table
// paid it.
type GameKeeper interface {
	GameReader
	// KeepGame reads data (a game log, as RefereeGame reads it) for a ledger. A game the ledger
	// cannot keep (three players) is bad input saying so.
	KeepGame(data []byte) (*KeptGame, error)
}

// KeptGame is a game log read for a ledger. Players are numbered from the first hand's dealer:
// player 0 is East of the first hand.
type KeptGame struct {
	// Format names the log's format ("mjlog"); Players are the four names as the log gives them.
	Format  string
	Players [4]string
	// Seats is 3 for a three-player game (Players[3] is then ""), else 4 (or 0, four).
	Seats int
	// Ruleset is the built-in ruleset the log's rules select; Length the game's length
	// ("2-rounds"); Uma and Return (points) the game's end the log's rules pay; Stake each
	// player's points at the start.
	Ruleset             string
	Length              string
	Stake, Return       int
	Uma                 []int
	Hands               []KeptHand
	FinalScores         []int     // each player's points at the end as the log records them, or nil
	FinalResults        []float64 // each player's result after uma and oka (thousands), or nil
	Agrees, FinalAgrees bool      // the family's own settlement of every hand (and the end) agrees with the log
	// EndNote says why the game's end has no uma (Uma nil): a lobby no preset describes.
	EndNote              string
	Differences, Illegal int // the fields that differ; the steps the family ruled illegal
}

// KeptHand is one hand of a KeptGame, players numbered as in KeptGame.
type KeptHand struct {
	// Round names the hand ("E1"); Dealer, Honba and Sticks are as the log deals it.
	Round                 string
	Dealer, Honba, Sticks int
	// Winners are the winners (several on one discard), each with its Han, Fu and Yakuman count;
	// Discarder is -1 for a self-draw; Responsible the player who pays under responsibility, or -1.
	Winners          []int
	Han, Fu, Yakuman []int
	Discarder        int
	Responsible      int
	// Drawn: nobody won; Abortive names an abortive draw; Tenpai and Nagashi are the players ready
	// at an exhaustive draw and paid nagashi mangan.
	Drawn           bool
	Abortive        string
	Tenpai, Nagashi []int
	// Riichi are the players whose riichi stick went on the table in the hand.
	Riichi []int
	// Deltas are each player's change as the log records it, honba and sticks included.
	Deltas [4]int
	// Agrees says whether the family's own settlement of the hand gives the log's results;
	// Note says how it differs.
	Agrees bool
	Note   string
}
