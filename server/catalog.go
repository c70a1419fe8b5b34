package server

import (
	"net/http"
	"strings"

	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
)

// GET /v1/rulesets: the built-in rulesets, as `mjref rules list -o json` prints them.
func (s *Server) rulesetList(w http.ResponseWriter, r *http.Request) {
	writeDoc(w, http.StatusOK, schema.NewRulesList())
}

// builtinName refuses a ruleset name that is not built in: a request never names a file.
func builtinName(name string) error {
	if rulesets.IsBuiltin(name) {
		return nil
	}
	var names []string
	for _, i := range rulesets.Builtins() {
		names = append(names, i.Name)
	}
	return notFound("the built-in rulesets are "+strings.Join(names, ", ")+" (GET /v1/rulesets)", "no built-in ruleset %q", name)
}

// GET /v1/rulesets/{name}: one ruleset with every inherited value resolved, as `mjref rules show
// NAME -o json` prints it.
func (s *Server) rulesetShow(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if err := builtinName(name); err != nil {
		fail(w, err)
		return
	}
	rs, err := rulesets.LoadWith(rulesets.LoadOptions{Files: rulesets.NoFiles}, name)
	if err != nil {
		fail(w, err)
		return
	}
	doc, err := schema.NewRulesShow(rs)
	if err != nil {
		fail(w, err)
		return
	}
	writeDoc(w, http.StatusOK, doc)
}

// GET /v1/cards: the built-in American cards, as `mjref card list -o json` prints them.
func (s *Server) cardList(w http.ResponseWriter, r *http.Request) {
	doc, err := schema.NewCardList()
	if err != nil {
		fail(w, err)
		return
	}
	writeDoc(w, http.StatusOK, doc)
}
