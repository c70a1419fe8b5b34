package cmd

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/mjref/mjref/server"
)

// serveWait is how long a request waits for another writer of the ledger (the command line, say)
// before it is answered 503.
const serveWait = 3 * time.Second

// NewServeLedger is the ledger file as mjref serve keeps it: every request runs the ledger command
// itself (show, add, undo, chart) with -o json, so the server answers exactly what the command
// prints and keeps the file as the command does. Warnings the command would print go to log.
func NewServeLedger(file string, log *slog.Logger) server.Ledger {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &serveLedger{file: file, log: log}
}

type serveLedger struct {
	file string
	log  *slog.Logger
}

func (l *serveLedger) Path() string { return l.file }

// run runs one ledger action with -o json and returns what it printed.
func (l *serveLedger) run(action string, set func(o *ledgerOptions)) ([]byte, error) {
	var out, errOut bytes.Buffer
	ios := &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	f := &factory{IO: ios, Output: FormatJSON}
	o := &ledgerOptions{IO: ios, Output: FormatJSON, Action: action, File: l.file, Wait: serveWait}
	if set != nil {
		set(o)
	}
	err := ledgerRun(context.Background(), o, f)
	for line := range strings.SplitSeq(strings.TrimSpace(errOut.String()), "\n") {
		if line != "" {
			l.log.Warn("ledger", "file", l.file, "action", action, "message", strings.TrimPrefix(line, "mjref: "))
		}
	}
	if errors.Is(err, errNegative) {
		err = nil // a negative verdict is the answer
	}
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (l *serveLedger) Show() ([]byte, error) { return l.run("show", nil) }
func (l *serveLedger) Undo() ([]byte, error) { return l.run("undo", nil) }

func (l *serveLedger) Add(h server.LedgerHand) ([]byte, error) {
	return l.run("add", func(o *ledgerOptions) {
		o.Winner, o.Discarder, o.Win, o.Responsible, o.FalseWin = h.Winner, h.Discarder, h.Win, h.Responsible, h.FalseWin
		o.Faan, o.Value, o.Note = h.Faan, h.Value, h.Note
		o.Drawn, o.Limit, o.Jokerless, o.Misnamed, o.LastTile = h.Drawn, h.Limit, h.Jokerless, h.Misnamed, h.LastTile
		o.Points, o.Hands = h.Points, h.Hands
		// The fields given, by their flags' names, as the command line would have them.
		for name, given := range map[string]bool{
			"winner": h.Winner != "", "discarder": h.Discarder != "", "win": h.Win != "", "responsible": h.Responsible != "",
			"false-win": h.FalseWin != "", "faan": h.Faan != "", "value": h.Value != "", "note": h.Note != "",
			"drawn": h.Drawn, "limit": h.Limit, "jokerless": h.Jokerless, "misnamed": h.Misnamed, "last-tile": h.LastTile,
			"points": len(h.Points) > 0, "hand": len(h.Hands) > 0,
		} {
			if given {
				o.Changed = append(o.Changed, name)
			}
		}
	})
}

// Chart draws the running totals as `ledger chart --out FILE.svg` does, into memory.
func (l *serveLedger) Chart() ([]byte, error) {
	var out, errOut bytes.Buffer
	ios := &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	o := &ledgerOptions{IO: ios, Output: FormatJSON, Action: "chart", File: l.file}
	st, err := o.read(&factory{IO: ios, Output: FormatJSON})
	if err != nil {
		return nil, err
	}
	var svg bytes.Buffer
	warnings, err := chart.Draw(&st, &svg, chart.SVG, chart.Options{})
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		l.log.Warn("ledger chart", "file", l.file, "message", w)
	}
	return svg.Bytes(), nil
}
