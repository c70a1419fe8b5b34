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
