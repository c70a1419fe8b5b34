package server

import (
	"net/http"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
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

// GET /v1/catalog: each family's capabilities as the engine describes them (engine.Catalog): the
// fields each use case takes, what the family plays, where its results keep their total and items;
// and the family of the server's own ruleset. The page builds its form from it.
func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	c, err := engine.BuiltinCatalog()
	if err != nil {
		fail(w, err)
		return
	}
	e, err := s.engine(Table{})
	if err != nil {
		fail(w, err)
		return
	}
	d := e.Describe()
	d.Rulesets = []string{s.defName}
	writeDoc(w, http.StatusOK, CatalogAnswer{c, d})
}

// CatalogAnswer is the answer of GET /v1/catalog: each family's capabilities, and the family of
// the server's own ruleset.
type CatalogAnswer struct {
	*engine.Catalog
	// Default is the family of the ruleset a request that names none is played under.
	Default engine.FamilyInfo `json:"default"`
}

// PreviewBody is the body of POST /v1/parse: a hand and the table whose notation reads it.
type PreviewBody struct {
	Table
	Hand string `json:"hand"`
}

// Previewed is the answer of POST /v1/parse: the hand read, or why it cannot be read yet (a hand
// half typed is an answer, not a failed request).
type Previewed struct {
	*engine.Preview
	Error *schema.Error `json:"problem,omitempty"`
}

// POST /v1/parse: a hand as the ruleset reads it, tile by tile (engine.Preview): the page previews
// a typed hand with it.
func (s *Server) preview() http.HandlerFunc {
	return play(s, func(b *PreviewBody) Table { return b.Table },
		func(b *PreviewBody) error { return needHand(b.Hand, "123m456p789s111z55z") },
		func(e *engine.Engine, b *PreviewBody) (Previewed, error) {
			p, err := e.Preview(b.Hand)
			if err != nil && engine.IsInput(err) {
				msg, hint := family.Worded(err, family.HTTP)
				se := schema.NewError(err, codeInput, hint)
				se.Message = schema.ShortMessage(msg)
				return Previewed{Error: &se}, nil
			}
			return Previewed{Preview: p}, err
		})
}
