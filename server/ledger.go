package server

import (
	"bytes"
	"net/http"
	"time"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/mjref/mjref/schema"
)

// LedgerWait is how long a request waits for another writer of the ledger (the command line, say)
// before it is answered 503: mjref serve opens its ledger with it (engine.Ledger's Wait).
const LedgerWait = 3 * time.Second

// LedgerHand is the body of POST /v1/ledger/hands: the flags of mjref ledger add, players by
// name, as the engine takes them (engine.LedgerRequest). It names no file: a referee log is not
// taken.
type LedgerHand struct {
	engine.LedgerRequest
}

func (s *Server) ledgerEndpoints() []endpoint {
	return []endpoint{
		{method: "GET", path: "/v1/ledger", handler: s.ledgerShow, response: "ledger-show",
			summary: "The evening so far: players, seats, next dealer, history and standings (mjref ledger show -o json)"},
		{method: "POST", path: "/v1/ledger/hands", handler: s.ledgerAdd, request: LedgerHand{}, response: "ledger-add",
			summary: "Add a hand to the ledger (mjref ledger add -o json)"},
		{method: "POST", path: "/v1/ledger/undo", handler: s.ledgerUndo, response: "ledger-undo",
			summary: "Undo the last hand (mjref ledger undo -o json)"},
		{method: "GET", path: "/v1/ledger/chart.svg", handler: s.ledgerChart, contentType: "image/svg+xml",
			summary: "The running totals drawn (mjref ledger chart --out FILE.svg)"},
	}
}

// ledgerAnswer logs what an operation on the ledger met and went on from (the command prints it
// on stderr), and writes its document as the command prints it with -o json, or its error. A
// negative verdict is an answer, not an error.
func (s *Server) ledgerAnswer(w http.ResponseWriter, action string, v any, warnings []string, err error) {
	s.ledgerWarn(action, warnings)
	if err != nil {
		fail(w, err)
		return
	}
	b, err := schema.MarshalIndent(v)
	if err != nil {
		fail(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// ledgerWarn logs warnings met by the action on the ledger.
func (s *Server) ledgerWarn(action string, warnings []string) {
	for _, m := range warnings {
		s.log.Warn("ledger", "file", s.ledger.Path(), "action", action, "message", m)
	}
}

// GET /v1/ledger.
func (s *Server) ledgerShow(w http.ResponseWriter, r *http.Request) {
	v, err := s.ledger.Show()
	s.ledgerAnswer(w, "show", v, v.Warnings, err)
}

// POST /v1/ledger/hands: the hand is recorded; one that is not a win is the answer too (recorded
// false), as the command prints it.
func (s *Server) ledgerAdd(w http.ResponseWriter, r *http.Request) {
	var h LedgerHand
	if err := decodeBody(w, r, &h); err != nil {
		fail(w, err)
		return
	}
	v, err := s.ledger.Add(h.LedgerRequest)
	s.ledgerAnswer(w, "add", v, v.Warnings, inBodyWords[LedgerHand](err))
}

// POST /v1/ledger/undo. The body, if any, must be an empty object.
func (s *Server) ledgerUndo(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength != 0 {
		var none struct{}
		if err := decodeBody(w, r, &none); err != nil {
			fail(w, err)
			return
		}
	}
	v, err := s.ledger.Undo()
	s.ledgerAnswer(w, "undo", v, v.Warnings, err)
}

// GET /v1/ledger/chart.svg: the running totals as `ledger chart --out FILE.svg` draws them, into
// memory.
func (s *Server) ledgerChart(w http.ResponseWriter, r *http.Request) {
	v, err := s.ledger.Show()
	s.ledgerWarn("chart", v.Warnings)
	if err != nil {
		fail(w, err)
		return
	}
	var svg bytes.Buffer
	warnings, err := chart.Draw(v.State, &svg, chart.SVG, chart.Options{})
	if err != nil {
		fail(w, err)
		return
	}
	s.ledgerWarn("chart", warnings)
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(svg.Bytes())
}
