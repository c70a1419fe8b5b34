package server

import (
	"net/http"

	"github.com/mjref/mjref/engine"
)

// Ledger is the evening's ledger file as the /v1/ledger endpoints keep it: the same file format,
// lock and crash safety as the ledger commands, so the command line can read and write the file
// between requests. Each method answers with the document the command prints with -o json (Chart
// with the SVG picture of `mjref ledger chart --out FILE.svg`). A negative verdict is an answer,
// not an error.
type Ledger interface {
	// Path is the file.
	Path() string
	Show() ([]byte, error)
	Add(h LedgerHand) ([]byte, error)
	Undo() ([]byte, error)
	Chart() ([]byte, error)
}

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

// ledgerAnswer writes a ledger command's document, or its error.
func ledgerAnswer(w http.ResponseWriter, b []byte, err error) {
	if err != nil {
		fail(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// GET /v1/ledger.
func (s *Server) ledgerShow(w http.ResponseWriter, r *http.Request) {
	b, err := s.ledger.Show()
	ledgerAnswer(w, b, err)
}

// POST /v1/ledger/hands.
func (s *Server) ledgerAdd(w http.ResponseWriter, r *http.Request) {
	var h LedgerHand
	if err := decodeBody(w, r, &h); err != nil {
		fail(w, err)
		return
	}
	b, err := s.ledger.Add(h)
	ledgerAnswer(w, b, err)
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
	b, err := s.ledger.Undo()
	ledgerAnswer(w, b, err)
}

// GET /v1/ledger/chart.svg.
func (s *Server) ledgerChart(w http.ResponseWriter, r *http.Request) {
	b, err := s.ledger.Chart()
	if err != nil {
		fail(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}
