package riichi

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/riichilog"
)

// The riichi family reads whole games (family.GameReader): Tenhou's mjlog XML (plain or gzip),
// tenhou.net/6 JSON and mjai JSON Lines, replayed by package referee/riichilog.

// ReadsGame says whether data is a riichi game log, from its first bytes (riichilog.Sniff).
func (Family) ReadsGame(data []byte) bool {
	_, ok := riichilog.Sniff(data)
	return ok
}

// RefereeGame reads the log and replays it: every result scored and settled by mjref beside what
// the log records.
func (Family) RefereeGame(data []byte) (family.Game, error) {
	g, err := riichilog.Read(data)
	if err != nil {
		return nil, err
	}
	v := riichilog.Review(g)
	return game{&v}, nil
}

// game is the replayed game's document (riichilog.GameView), rendered through a family.Printer.
type game struct{ *riichilog.GameView }

func (g game) Render(p family.Printer) error { return g.GameView.Render(p) }

// GameFormats names the formats, for a hint.
func (Family) GameFormats() string {
	return "Tenhou's mjlog XML (plain or gzip), tenhou.net/6 JSON or mjai JSON Lines"
}

// GameLimits is the limits help's paragraph on a game log's caps.
func (Family) GameLimits() string { return riichilog.LimitsHelp() }
