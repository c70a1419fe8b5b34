package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/rulesets"
)

// Table is what every play request may say about the table's rules, as the global flags do: the
// built-in ruleset (--rules), ruleset values changed for this request (--set key=value), and the
// American card (--card). Names only: a request never names a file.
type Table struct {
	Rules string           `json:"rules,omitempty" jsonschema:"description=a built-in ruleset (GET /v1/rulesets); the server's --rules when empty"`
	Set   family.SetValues `json:"set,omitempty" jsonschema:"description=ruleset values to change as --set key=value does: {\"cap\": 13}; each a string\\, a number or true or false"`
	Card  string           `json:"card,omitempty" jsonschema:"description=American: a built-in card (GET /v1/cards) instead of the ruleset's"`
	// RulesetYAML is a house ruleset sent as text instead of rules: it may extend built-in
	// rulesets and name built-in cards only.
	RulesetYAML string `json:"ruleset_yaml,omitempty" jsonschema:"description=a house ruleset's YAML (within the 256 KiB body) instead of rules: it extends built-in rulesets only"`
}

// ScoreBody is the body of POST /v1/score: the flags of mjref score.
type ScoreBody struct {
	Table
	engine.ScoreRequest
}

// UnmarshalJSON reads the body: the situation fields the families declare ("riichi", "dora": see
// engine.SplitSituation) and the others, an unknown field refused.
func (b *ScoreBody) UnmarshalJSON(data []byte) error {
	rest, extra, err := engine.SplitSituation(data)
	if err != nil {
		return err
	}
	type body ScoreBody // without this method
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode((*body)(b)); err != nil {
		return err
	}
	b.Extra = extra
	return nil
}

// WaitsBody is the body of POST /v1/waits: the flags of mjref waits.
type WaitsBody struct {
	Table
	engine.WaitsRequest
}

// ClosestBody is the body of POST /v1/closest: the flags of mjref closest.
type ClosestBody struct {
	Table
	engine.ClosestRequest
}

// SettleBody is the body of POST /v1/settle: the flags of mjref settle (its card among them).
type SettleBody struct {
	Rules string           `json:"rules,omitempty" jsonschema:"description=a built-in ruleset (GET /v1/rulesets); the server's --rules when empty"`
	Set   family.SetValues `json:"set,omitempty" jsonschema:"description=ruleset values to change as --set key=value does: {\"cap\": 13}; each a string\\, a number or true or false"`
	// RulesetYAML is as in Table.
	RulesetYAML string `json:"ruleset_yaml,omitempty" jsonschema:"description=a house ruleset's YAML (within the 256 KiB body) instead of rules: it extends built-in rulesets only"`
	engine.SettleRequest
}

// ClaimBody is the body of POST /v1/claim: the flags of mjref claim.
type ClaimBody struct {
	Table
	engine.ClaimRequest
}

// RefereeBody is the body of POST /v1/referee: the log itself (YAML or JSON Lines, as a string)
// and the flags of mjref referee. Without "rules" the log's ruleset: key is played, which must
// name a built-in ruleset.
type RefereeBody struct {
	Table
	engine.RefereeRequest
}

// maxLogBody is the largest body of POST /v1/referee: a log at the command's limit, escaped.
const maxLogBody = 2*safeio.LogLimit + 64<<10

func (s *Server) playEndpoints() []endpoint {
	return []endpoint{
		{method: "POST", path: "/v1/score", handler: s.score(), request: ScoreBody{}, response: "score",
			summary: "Score a hand: is it a win, and what is it worth, item by item (mjref score -o json)"},
		{method: "POST", path: "/v1/waits", handler: s.waits(), request: WaitsBody{}, response: "waits",
			summary: "What a 13-tile hand waits on and what each win pays, or the shanten after each discard of 14 (mjref waits -o json)"},
		{method: "POST", path: "/v1/settle", handler: s.settle(), request: SettleBody{}, response: "settle",
			summary: "Who pays whom: from the winner's hand, from its worth, or (DeBurger) from the four hands (mjref settle -o json)"},
		{method: "POST", path: "/v1/claim", handler: s.claim(), request: ClaimBody{}, response: "claim",
			summary: "Who takes a discard claimed by several players at once, and why (mjref claim -o json)"},
		{method: "POST", path: "/v1/referee", handler: s.referee, request: RefereeBody{}, response: "referee",
			summary: "Replay a hand's log and rule on every step; a win is scored and settled (mjref referee LOG -o json)"},
		{method: "POST", path: "/v1/closest", handler: s.closest(), request: ClosestBody{}, response: "closest",
			summary: "American: the card's lines ranked by how near the hand is to each (mjref closest -o json)"},
	}
}

// play is the handler of a play endpoint: it decodes the body, refuses it when check says so,
// opens the table's ruleset and answers with what run returns.
func play[B any, R any](s *Server, table func(*B) Table, check func(*B) error, run func(*engine.Engine, *B) (R, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body B
		if err := decodeBody(w, r, &body); err != nil {
			fail(w, err)
			return
		}
		if check != nil {
			if err := check(&body); err != nil {
				fail(w, err)
				return
			}
		}
		e, err := s.engine(table(&body))
		if err != nil {
			fail(w, err)
			return
		}
		res, err := run(e, &body)
		if err != nil {
			fail(w, inBodyWords[B](err))
			return
		}
		s.answer(w, res)
	}
}

// needHand refuses a request without a hand, showing one.
func needHand(hand, example string) error {
	if hand == "" {
		return badRequest(`no "hand": send {"hand": "%s", ...}`, example)
	}
	return nil
}

// POST /v1/score.
func (s *Server) score() http.HandlerFunc {
	return play(s, func(b *ScoreBody) Table { return b.Table },
		func(b *ScoreBody) error { return needHand(b.Hand, "123m456p789s111z55z") },
		func(e *engine.Engine, b *ScoreBody) (family.Scored, error) { return e.Score(b.ScoreRequest) })
}

// POST /v1/waits.
func (s *Server) waits() http.HandlerFunc {
	return play(s, func(b *WaitsBody) Table { return b.Table },
		func(b *WaitsBody) error { return needHand(b.Hand, "123m456p789s11z45s") },
		func(e *engine.Engine, b *WaitsBody) (*engine.WaitsView, error) { return e.Waits(b.WaitsRequest) })
}

// POST /v1/settle. Its card is the settle request's own, a built-in name only.
func (s *Server) settle() http.HandlerFunc {
	return play(s, func(b *SettleBody) Table { return Table{Rules: b.Rules, Set: b.Set, RulesetYAML: b.RulesetYAML} },
		func(b *SettleBody) error {
			if b.Card != "" {
				return builtinCard("card", b.Card)
			}
			return nil
		},
		func(e *engine.Engine, b *SettleBody) (family.Settlement, error) { return e.Settle(b.SettleRequest) })
}

// POST /v1/claim.
func (s *Server) claim() http.HandlerFunc {
	return play(s, func(b *ClaimBody) Table { return b.Table }, nil,
		func(e *engine.Engine, b *ClaimBody) (*engine.ClaimView, error) { return e.Claim(b.ClaimRequest) })
}

// POST /v1/closest.
func (s *Server) closest() http.HandlerFunc {
	return play(s, func(b *ClosestBody) Table { return b.Table },
		func(b *ClosestBody) error { return needHand(b.Hand, "NN 2026m SS 666p 66s") },
		func(e *engine.Engine, b *ClosestBody) (*engine.ClosestView, error) {
			return e.Closest(b.ClosestRequest)
		})
}

// POST /v1/referee.
func (s *Server) referee(w http.ResponseWriter, r *http.Request) {
	var body RefereeBody
	if err := decodeBodyUpTo(w, r, &body, maxLogBody); err != nil {
		fail(w, err)
		return
	}
	if body.Log == "" {
		fail(w, badRequest(`no "log": send {"log": "the log's YAML or JSON Lines"}`))
		return
	}
	if int64(len(body.Log)) > safeio.LogLimit {
		fail(w, &requestError{status: http.StatusRequestEntityTooLarge, err: fmt.Errorf("log: over the limit of %s", safeio.FormatSize(safeio.LogLimit))})
		return
	}
	res, err := engine.Referee(body.RefereeRequest, func(ruleset string) (*engine.Engine, error) {
		t := body.Table
		if t.Rules == "" {
			if ruleset != "" && !rulesets.IsBuiltin(ruleset) {
				return nil, &requestError{status: http.StatusBadRequest, err: fmt.Errorf("the log's ruleset %q is not a built-in ruleset", ruleset),
					hint: `the server plays built-in rulesets only: give "rules" (GET /v1/rulesets), which wins over the log's ruleset: key`}
			}
			t.Rules = ruleset
		}
		return s.engine(t)
	})
	if err != nil {
		fail(w, inBodyWords[RefereeBody](err))
		return
	}
	s.answer(w, res)
}

// answer writes v as `-o json` prints it, with status 200: a negative verdict is an answer too.
func (s *Server) answer(w http.ResponseWriter, v any) { writeDoc(w, http.StatusOK, v) }

// maxEngines is how many opened rulesets (a ruleset with its --set values and card) are kept.
const maxEngines = 64

// engines keeps the rulesets requests have opened, so a bot's thousandth request costs what its
// first did less the ruleset's loading.
type engines struct {
	mu sync.Mutex
	m  map[string]*engine.Engine
}

// engine opens the table's ruleset, by built-in name or as uploaded YAML, or returns it opened
// before.
func (s *Server) engine(t Table) (*engine.Engine, error) {
	name := t.Rules
	switch {
	case t.RulesetYAML != "" && name != "":
		return nil, badRequest(`give "rules" or "ruleset_yaml", not both`)
	case t.RulesetYAML != "":
		sum := sha256.Sum256([]byte(t.RulesetYAML))
		name = "\x00upload:" + hex.EncodeToString(sum[:])
	case name == "":
		name = s.defaultRules() // the server's own choice: it may be a file
	}
	var sets []string
	if t.Rules == "" && t.RulesetYAML == "" {
		sets = append(sets, s.sets...) // the server's --set, then the request's
	}
	if len(t.Set) <= rulesets.MaxSets {
		for _, k := range slices.Sorted(maps.Keys(t.Set)) {
			// No spelling of a key or a value can name a file: the engine is opened with the files the
			// server was started with and no others (s.files), so a card: or a ruleset anywhere in a
			// request is a built-in one or refused.
			sets = append(sets, k+"="+t.Set[k])
		}
	}
	// A table opened before was checked then: a bot's thousandth request does not look for its
	// ruleset among the built-in files again.
	key := name + "\x00" + strings.Join(sets, "\x00") + "\x00" + t.Card
	s.eng.mu.Lock()
	e := s.eng.m[key]
	s.eng.mu.Unlock()
	if e != nil && len(t.Set) <= rulesets.MaxSets {
		return e, nil
	}
	if t.Rules != "" && t.RulesetYAML == "" {
		if err := builtinName(name); err != nil {
			return nil, err
		}
	}
	if t.Card != "" {
		if err := builtinCard("card", t.Card); err != nil {
			return nil, err
		}
	}
	if len(t.Set) > rulesets.MaxSets {
		return nil, badRequest("set: %d values: the limit is %d", len(t.Set), rulesets.MaxSets)
	}
	var err error
	if t.RulesetYAML != "" {
		var rs *rulesets.Ruleset
		if rs, err = rulesets.LoadUploaded([]byte(t.RulesetYAML), sets...); err == nil {
			e, err = engine.New(rs, engine.Options{Card: t.Card, Files: rulesets.NoFiles})
		}
	} else {
		e, err = engine.Open(name, engine.Options{Set: sets, Card: t.Card, Files: s.files})
	}
	if err != nil {
		return nil, err
	}
	s.eng.mu.Lock()
	defer s.eng.mu.Unlock()
	if s.eng.m == nil || len(s.eng.m) >= maxEngines {
		s.eng.m = map[string]*engine.Engine{} // start again rather than grow without bound
	}
	s.eng.m[key] = e
	return e, nil
}

// defaultRules is the ruleset of a request that names none: the server's --rules, else hk.
func (s *Server) defaultRules() string {
	if s.rules != "" {
		return s.rules
	}
	return rulesets.Default
}

// builtinCard refuses a card that is not built in.
func builtinCard(field, name string) error {
	cards := engine.ListCards()
	if slices.Contains(cards, name) {
		return nil
	}
	return &requestError{status: http.StatusBadRequest, err: fmt.Errorf("%s: no built-in card %q", field, name),
		hint: "the built-in cards are " + strings.Join(cards, ", ") + " (GET /v1/cards)"}
}
