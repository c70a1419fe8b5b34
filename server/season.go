package server

import (
	"net/http"

	"github.com/mjref/mjref/engine"
)

// seasonEndpoints are there when the server is given a season's ledgers (Options.Season).
func (s *Server) seasonEndpoints() []endpoint {
	return []endpoint{
		{method: "GET", path: "/v1/season", handler: s.seasonShow, response: "season",
			summary: "The season of the server's ledgers, counted afresh: standings, records, each player's net after every evening (mjref season FILE... -o json)"},
	}
}

// GET /v1/season: the season of the ledgers the server was given, read again at each request (so
// an evening added to a directory, or a hand added to a ledger, counts at once), every ledger
// verified first. The files are the server's: a request names none.
func (s *Server) seasonShow(w http.ResponseWriter, r *http.Request) {
	v, err := engine.Season(*s.season)
	for _, m := range v.Warnings {
		s.log.Warn("season", "message", m)
	}
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeDoc(w, http.StatusOK, v)
}
