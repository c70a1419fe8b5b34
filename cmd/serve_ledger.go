package cmd

import (
	"bytes"
	"log/slog"
	"time"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/server"
)

// serveWait is how long a request waits for another writer of the ledger (the command line, say)
// before it is answered 503.
const serveWait = 3 * time.Second

// NewServeLedger is the ledger file as mjref serve keeps it: every request opens it through
// engine.Ledger, as the ledger commands do, and answers the document the command prints with
// -o json (show, add, undo), or the chart's SVG. Warnings the command would print go to log.
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

// open opens the ledger for one request: write says it records a hand, so its ruleset must load.
func (l *serveLedger) open(write bool) (*engine.Ledger, error) {
	open := engine.OpenLedgerRecord
	if write {
		open = engine.OpenLedger
	}
	lg, err := open(l.file)
	if err != nil {
		return nil, ledgerFail(l.file, err)
	}
	lg.Wait = serveWait
	return lg, nil
}

// answer logs an operation's warnings and marshals its document as -o json prints it.
func (l *serveLedger) answer(action string, v any, warnings []string, err error) ([]byte, error) {
	l.warn(action, warnings)
	if err != nil {
		return nil, ledgerFail(l.file, err)
	}
	return schema.MarshalIndent(v)
}

// warn logs what an operation met and went on from.
func (l *serveLedger) warn(action string, warnings []string) {
	for _, w := range warnings {
		l.log.Warn("ledger", "file", l.file, "action", action, "message", w)
	}
}

func (l *serveLedger) Show() ([]byte, error) {
	lg, err := l.open(false)
	if err != nil {
		return nil, err
	}
	v, err := lg.Show()
	return l.answer("show", v, v.Warnings, err)
}

func (l *serveLedger) Undo() ([]byte, error) {
	lg, err := l.open(false)
	if err != nil {
		return nil, err
	}
	v, err := lg.Undo()
	return l.answer("undo", v, v.Warnings, err)
}

// Add records the hand; one that is not a win is the answer too (recorded false), as the command
// prints it.
func (l *serveLedger) Add(h server.LedgerHand) ([]byte, error) {
	lg, err := l.open(true)
	if err != nil {
		return nil, err
	}
	v, err := lg.Add(h.LedgerRequest)
	return l.answer("add", v, v.Warnings, err)
}

// Chart draws the running totals as `ledger chart --out FILE.svg` does, into memory.
func (l *serveLedger) Chart() ([]byte, error) {
	lg, err := l.open(false)
	if err != nil {
		return nil, err
	}
	v, err := lg.Show()
	l.warn("chart", v.Warnings)
	if err != nil {
		return nil, ledgerFail(l.file, err)
	}
	var svg bytes.Buffer
	warnings, err := chart.Draw(v.State, &svg, chart.SVG, chart.Options{})
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		l.log.Warn("ledger chart", "file", l.file, "message", w)
	}
	return svg.Bytes(), nil
}
