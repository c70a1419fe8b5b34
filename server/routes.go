package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// endpoint is one route of the API, for the mux and for the 404 and 405 answers.
type endpoint struct {
	method, path string
	handler      http.HandlerFunc
	// summary says what it does, for /openapi.json.
	summary string
	// request is a value of the request body's type (nil for none), response the name of the
	// schema file under schema/ its 200 answer follows ("" for one that is not JSON).
	request  any
	response string
	// contentType is the 200 answer's media type when it is not JSON.
	contentType string
	// answer is the 200 answer's type when it is no document of the contract (schema/): its
	// schema is generated into requests.json beside the request bodies'.
	answer any
}

func (s *Server) endpoints() []endpoint {
	eps := []endpoint{
		{method: "GET", path: "/v1/rulesets", handler: s.rulesetList, response: "rules-list",
			summary: "The built-in rulesets, as `mjref rules list -o json` prints them"},
		{method: "GET", path: "/v1/rulesets/{name}", handler: s.rulesetShow, response: "rules-show",
			summary: "A built-in ruleset with every inherited value resolved, as `mjref rules show NAME -o json` prints it"},
		{method: "GET", path: "/v1/cards", handler: s.cardList, response: "card-list",
			summary: "The built-in American cards, as `mjref card list -o json` prints them"},
		{method: "GET", path: "/v1/catalog", handler: s.catalog, answer: CatalogAnswer{},
			summary: "Each family's capabilities: the fields score, settle and the ledger take, what it plays, where a result keeps its total and items (the page's form)"},
		{method: "POST", path: "/v1/parse", handler: s.preview(), request: PreviewBody{}, answer: Previewed{},
			summary: "A hand as the ruleset reads it, tile by tile: the page's preview of a typed hand"},
	}
	eps = append(eps, s.playEndpoints()...)
	if s.ledger != nil {
		eps = append(eps, s.ledgerEndpoints()...)
	}
	if s.season != nil {
		eps = append(eps, s.seasonEndpoints()...)
	}
	return eps
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.index)
	m.Handle("GET /static/", staticFiles())
	m.HandleFunc("GET /openapi.json", s.openAPI)
	eps := s.endpoints()
	for _, e := range eps {
		m.HandleFunc(e.method+" "+e.path, e.handler)
	}
	// Anything else under /v1/ is answered in JSON too: 405 for a known path asked with another
	// method, else 404.
	m.HandleFunc("/v1/", func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, e := range eps {
			if pathMatches(e.path, r.URL.Path) {
				allow = append(allow, e.method)
			}
		}
		if len(allow) > 0 {
			slices.Sort(allow)
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s %s: use %s", r.Method, r.URL.Path, strings.Join(allow, " or ")), "")
			return
		}
		hint := "see /openapi.json for the endpoints"
		if strings.HasPrefix(r.URL.Path, "/v1/ledger") && s.ledger == nil {
			hint = "the ledger endpoints are there when mjref serve is given --ledger FILE"
		}
		if strings.HasPrefix(r.URL.Path, "/v1/season") && s.season == nil {
			hint = "the season endpoint is there when mjref serve is given --season FILE|DIR"
		}
		writeError(w, http.StatusNotFound, fmt.Errorf("no endpoint %s", r.URL.Path), hint)
	})
	s.mux = m
}

// pathMatches says whether path fits pattern, whose {name} segments match any one segment.
func pathMatches(pattern, path string) bool {
	ps, qs := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(ps) != len(qs) {
		return false
	}
	for i := range ps {
		if !strings.HasPrefix(ps[i], "{") && ps[i] != qs[i] {
			return false
		}
	}
	return true
}

// Endpoints lists the API's endpoints as method and path pattern ("POST", "/v1/score").
func (s *Server) Endpoints() [][2]string {
	var out [][2]string
	for _, e := range s.endpoints() {
		out = append(out, [2]string{e.method, e.path})
	}
	return out
}

// AnswerBodies are the types of the answers that are no document of the contract (the catalog,
// the preview), whose schemas requests.json holds too.
func (s *Server) AnswerBodies() []any { return s.bodies(func(e endpoint) any { return e.answer }) }

// bodies is each endpoint's value of field, where it has one.
func (s *Server) bodies(field func(endpoint) any) []any {
	var out []any
	for _, e := range s.endpoints() {
		if v := field(e); v != nil {
			out = append(out, v)
		}
	}
	return out
}

// RequestBodies lists a value of each request body type the endpoints decode, for requests.json.
func (s *Server) RequestBodies() []any { return s.bodies(func(e endpoint) any { return e.request }) }
