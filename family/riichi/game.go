package riichi

import (
	"sync"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/riichilog"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// The riichi family reads whole games (family.GameReader): Tenhou's mjlog XML (plain or gzip),
// tenhou.net/6 JSON and mjai JSON Lines, replayed by package referee/riichilog.

// ReadsGame says whether data is a riichi game log, from its first bytes (riichilog.Sniff).
func (Family) ReadsGame(data []byte) bool {
	_, ok := riichilog.Sniff(data)
	return ok
}

// GameLine says whether line is a whole game (family.GameLiner): an mjlog or a tenhou.net/6
// document; an mjai line is one event of a game.
func (Family) GameLine(line []byte) bool {
	f, ok := riichilog.Sniff(line)
	return ok && (f == riichilog.Mjlog || f == riichilog.Tenhou6)
}

// RefereeGame reads the log and replays it: every step ruled, every result scored and settled by
// mjref beside what the log records. Each ruling names its rule and cites the line of the riichi
// ruleset's referee: section that states it.
func (Family) RefereeGame(data []byte) (family.Game, error) {
	g, err := riichilog.Read(data)
	if err != nil {
		return nil, err
	}
	v := riichilog.Review(g, gameExplainer())
	return game{&v}, nil
}

// gameExplainer names the play's rules from the built-in riichi ruleset (Tenhou's rules, which a
// Tenhou log's flags select), loaded once.
var gameExplainer = sync.OnceValue(func() riichilog.Explainer {
	rs, err := rulesets.Load(ID)
	if err != nil || rs.Referee == nil {
		return nil
	}
	ex := rs.Referee.Explain
	return func(rule string) (string, scoring.Source, bool) {
		d := ex[rule]
		if d == nil {
			return "", scoring.Source{}, false
		}
		return d.Name, d.Source, true
	}
})

// game is the replayed game's document (riichilog.GameView), rendered through a family.Printer.
type game struct{ *riichilog.GameView }

func (g game) Render(p family.Printer) error { return g.GameView.Render(p) }

// GameFormats names the formats, for a hint.
func (Family) GameFormats() string {
	return "Tenhou's mjlog XML (plain or gzip), tenhou.net/6 JSON or mjai JSON Lines"
}

// GameLimits is the limits help's paragraph on a game log's caps.
func (Family) GameLimits() string { return riichilog.LimitsHelp() }
