package cmd

import (
	"context"
	"fmt"
	"io"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/ledger"
)

const ledgerRecoverLong = `Accept the ledger file as it is. The writer notes the head of the record (the last line's seq
and sum) in a state cache beside the file (.FILE.state); add, undo, amend, seat and rename refuse a
record that no longer holds that line (lines removed from the end, or a copy that went on elsewhere
copied back over the file), and a state cache that is not a plain file, with nothing changed.

'mjref ledger verify FILE' shows what the file lost. If the file is the one to go on from, recover
checks the whole record (a record that does not check is refused as every command refuses it) and
notes its head anew: the hands the file lost stay lost. It prints the head noted before and the
file's. The record is not changed (an incomplete last line is kept aside in FILE.torn, as any
writer does).`

// ledgerRecoverRun accepts the file as it is: the record is checked and its head noted anew.
func ledgerRecoverRun(_ context.Context, o *ledgerWriteOptions, f *factory) error {
	opening := o.opening(f, false)
	opening.Wait = o.Wait
	_, err := ledgerDo(&o.ledgerFile, opening, func(l *engine.Ledger) (ledger.Recovery, []string, error) {
		rec, err := l.Recover()
		warnings := l.Warnings()
		if err == nil && rec.Torn != nil {
			warnings = append(warnings, fmt.Sprintf("warning: %s: %s", o.File, rec.Torn))
		}
		return rec, warnings, err
	}, func(w io.Writer, _ *engine.Ledger, rec ledger.Recovery) error {
		fmt.Fprintf(w, "ledger:   %s, %s, %s standing\n", o.File, words.Count(rec.Lines, "line"), words.Count(rec.Hands, "hand"))
		noted := "none that checked"
		if rec.Noted != "" {
			noted = rec.Noted
		}
		fmt.Fprintf(w, "noted:    %s\n", noted)
		fmt.Fprintf(w, "head:     %s\n", rec.Head)
		switch {
		case rec.Diverged:
			fmt.Fprintln(w, "verdict:  accepted as it is: the file was not the one last written here; its head is noted now")
		default:
			fmt.Fprintln(w, "verdict:  the file is the one last written here; its head is noted again")
		}
		return nil
	})
	return err
}
