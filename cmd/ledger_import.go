package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/words"
)

// ledgerImportOptions are the flags of ledger import.
type ledgerImportOptions struct {
	ledgerFile
	Log   string
	Check bool
}

const ledgerImportLong = `Keep a whole game's log as a new ledger file: a Tenhou mjlog (plain or gzip), a tenhou.net/6
JSON or an mjai JSON Lines log (LOG, or - for standard input).

The players are named as the log names them (commas and control characters dropped, an empty name
"Player N", a name met twice numbered); the first hand's dealer is East. The ruleset is the one
the log's rules select (riichi: Tenhou's), with the game's length (east-south, or east only), its
stake and its end (uma and oka) as the log's lobby pays them. Every hand is recorded as the log
paid it: the winners with their han and fu, the riichi sticks put down, who was ready at a draw,
and each player's change. mjref's own settlement of each hand is compared with the log and a hand
where it differs is named on standard error; --check refuses such a game instead (exit 1, nothing
written). The ledger's own flow (who deals, honba, riichi sticks) must deal every hand as the log
does, and the ledger's end (stacks, results after uma and oka) is compared with the log's.

The file is written whole or not at all, and must not exist. A three-player game is kept under
riichi-sanma, its three players seated E, S and W.`

func newLedgerImportCmd(f *factory, runF func(*ledgerImportOptions) error) *cobra.Command {
	o := &ledgerImportOptions{}
	o.IO = f.IO
	cmd := &cobra.Command{
		Use:   "import FILE LOG",
		Short: "Keep a whole game's log (Tenhou mjlog, tenhou.net/6, mjai) as a new ledger file",
		Long:  ledgerImportLong,
		Example: `  mjref ledger import game.jsonl 2024010100gm-00a9-0000-abcdef.mjlog
  mjref ledger import game.jsonl - < game.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErrorf("ledger import takes the new ledger file and the game's log, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File, o.Log, o.Output = args[0], args[1], f.Output
			return dispatch(cmd, f, o, runF, ledgerImportRun)
		},
	}
	cmd.Flags().BoolVar(&o.Check, "check", false, "refuse the game (exit 1, nothing written) when mjref's settlement of a hand differs from the log's")
	return cmd
}

func ledgerImportRun(_ context.Context, o *ledgerImportOptions, f *factory) error {
	var data []byte
	name := o.Log
	var err error
	if o.Log == "-" {
		if o.IO.InIsTerminal != nil && o.IO.InIsTerminal() {
			return usageErrorf("'-' reads the log from standard input, but it is a terminal: pipe the log in, or name the file")
		}
		name = "standard input"
		if data, err = safeio.ReadAll(o.IO.In, name, safeio.LogLimit); err != nil {
			return withHint(fmt.Errorf("standard input: %s", safeio.Reason(err)), "pipe the log in, or name the file")
		}
	} else if data, err = readLogFile(o.Log, "name the game's log file, or - to read it from standard input"); err != nil {
		return err
	}
	if o.Check {
		// Check before writing: a game mjref does not pay as the log did is not kept.
		if v, err := engine.RefereeGame(engine.GameRequest{Log: data, Name: name}); err == nil && !v.Game.Positive(true) {
			fmt.Fprintf(o.IO.ErrOut, "mjref: %s: mjref's settlement differs from the log's (see 'mjref referee %s --check'): nothing written\n", termtext.Escape(name), termtext.Escape(o.Log))
			return errNegative
		}
	}
	v, err := engine.ImportLedger(o.File, data, name)
	if err != nil {
		return err
	}
	for _, d := range v.Disagree {
		fmt.Fprintf(o.IO.ErrOut, "mjref: note: %s (the ledger records what the log paid)\n", termtext.Escape(d))
	}
	if v.Illegal > 0 {
		fmt.Fprintf(o.IO.ErrOut, "mjref: note: the referee rules %s of the game illegal ('mjref referee %s' names them); the ledger records the results as the log gives them\n",
			words.Count(v.Illegal, "step"), termtext.Escape(o.Log))
	}
	if !v.EndAgrees {
		fmt.Fprintf(o.IO.ErrOut, "mjref: warning: the ledger's end differs from the log's: %s\n", termtext.Escape(v.EndNote))
	} else if v.EndNote != "" {
		fmt.Fprintf(o.IO.ErrOut, "mjref: note: %s\n", termtext.Escape(v.EndNote))
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v.Game)
	}
	fmt.Fprintf(o.IO.Out, "imported: %d hands from %s (%s)\n", v.Hands, termtext.Escape(name), v.Format)
	show := &ledgerShowOptions{ledgerFile: o.ledgerFile}
	return show.text(o.IO.Out, nil, v.Game)
}
