package cmd

import (
	"fmt"
	"io"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
)

// refereeGame replays a whole game's log (a Tenhou mjlog, say: engine.IsGameLog) through the
// engine: every recorded result scored and settled beside what the log says was paid. The verdict
// is negative when a step is illegal, and with --check when some result or the final scores differ.
func refereeGame(o *refereeOptions, data []byte, name string) error {
	req := engine.GameRequest{Log: data, Name: name, Only: o.Only, By: o.By}
	if o.RulesGiven {
		req.Rules = o.Rules
	}
	v, err := engine.RefereeGame(req)
	if err != nil {
		return err
	}
	for _, w := range v.Warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: warning: %s\n", w)
	}
	return renderResult(o.IO.Out, o.Output, v.Game, renderGame, v.Game.Positive(o.Check))
}

// renderGame writes the game for a person to read.
func renderGame(w io.Writer, g family.Game) error { return g.Render(printer{w}) }

// refereeGames is mjref referee - -o jsonl: one riichi game a line of standard input, the game
// itself (an mjlog or a tenhou.net/6 document on one line) or the name of its file (any format,
// gzip too), and one answer line a game, in input order, replayed on every core. A line that is not
// a game fails alone (its error object, exit 2 for the run) and the batch goes on.
func refereeGames(o *refereeOptions) error {
	if o.IO.InIsTerminal != nil && o.IO.InIsTerminal() {
		return usageErrorf("'-' with -o jsonl reads one game (or a game's file name) a line from standard input, but it is a terminal: pipe them in")
	}
	if o.RulesGiven {
		fmt.Fprintf(o.IO.ErrOut, "mjref: warning: a game log is paid under the rules its own flags select: --rules %s is not used\n", o.Rules)
	}
	return runBatchResult(o.IO, batch{format: FormatJSONL, lines: 1, handle: func(l batchLine) (any, bool, error) {
		data, name := []byte(l.Text), ""
		if c := l.Text[0]; c != '<' && c != '{' {
			var err error
			if data, err = readLogFile(l.Text, "give one game a line: an mjlog or tenhou.net/6 game on one line, or the name of a game's file"); err != nil {
				return nil, false, err
			}
			name = l.Text
		}
		if !engine.IsGameLog(data) {
			return nil, false, usageErrorf("not a game log: with -o jsonl, - reads one game a line (an mjlog or tenhou.net/6 game on one line, or the name of a game's file)")
		}
		v, err := engine.RefereeGame(engine.GameRequest{Log: data, Name: name, Only: o.Only, By: o.By})
		if err != nil {
			return nil, false, err
		}
		return v.Game, v.Game.Positive(o.Check), nil
	}})
}
