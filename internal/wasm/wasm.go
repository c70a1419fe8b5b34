// Package wasm is the engine as the page offline calls it: the requests of mjref serve's API (the
// same paths, bodies and JSON answers) answered in the browser by the engine built to WebAssembly
// (cmd/mjref-wasm), with no server and no network. It holds no scoring of its own: each request is
// the engine call the server makes. The evening's ledger is a file in the browser's memory, which
// the page keeps in IndexedDB (server/web/book.js).
package wasm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/jsonmsg"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
)

// LedgerPath is where the page keeps the evening's ledger in the browser's memory (a test may
// move it).
var LedgerPath = "/mjref/evening.jsonl"

// SeasonDir is where the page puts the ledgers it is given for a season (exported evenings), each
// a .jsonl file: POST /v1/season counts them as mjref season DIR does.
var SeasonDir = "/mjref/season"

// table is what every play request may say about the table's rules: a built-in ruleset.
type table struct {
	Rules string           `json:"rules,omitempty"`
	Set   family.SetValues `json:"set,omitempty"`
	Card  string           `json:"card,omitempty"`
}

// The bodies of the requests, as mjref serve takes them (server.ScoreBody and the others; the
// parity test holds the two to the same answers).
type (
	scoreBody struct {
		table
		engine.ScoreRequest
	}
	waitsBody struct {
		table
		engine.WaitsRequest
	}
	closestBody struct {
		table
		engine.ClosestRequest
	}
	settleBody struct {
		Rules string           `json:"rules,omitempty"`
		Set   family.SetValues `json:"set,omitempty"`
		engine.SettleRequest
	}
	parseBody struct {
		table
		Hand string `json:"hand"`
	}
	// seasonBody is the page's season: the flags of mjref season, the files those in SeasonDir.
	seasonBody struct {
		Aliases    []string `json:"aliases,omitempty"`
		SkipBroken bool     `json:"skip_broken,omitempty"`
	}
	newLedgerBody struct {
		Rules   string    `json:"rules"`
		Players [4]string `json:"players"`
	}
)

// Default is the ruleset a request that names none is played under.
const Default = rulesets.Default

var (
	mu      sync.Mutex
	engines = map[string]*engine.Engine{}
)

// open opens the table's built-in ruleset, or returns it opened before.
func open(t table) (*engine.Engine, error) {
	name := t.Rules
	if name == "" {
		name = Default
	}
	if err := builtinName(name); err != nil {
		return nil, err
	}
	var sets []string
	for k, v := range t.Set {
		sets = append(sets, k+"="+v)
	}
	key := name + "\x00" + strings.Join(sets, "\x00") + "\x00" + t.Card
	mu.Lock()
	defer mu.Unlock()
	if e := engines[key]; e != nil {
		return e, nil
	}
	e, err := engine.Open(name, engine.Options{Set: sets, Card: t.Card, Files: rulesets.NoFiles})
	if err != nil {
		return nil, err
	}
	engines[key] = e
	return e, nil
}

// Call answers one request as mjref serve's API does: its status and JSON body. A panic (a bug in
// mjref) is answered as the server answers one, a 500 with the bug's JSON error, and the engine
// stays up for the next request: a panic out of the page's callback would end the Go program,
// and every later request with it, until the page is reloaded.
func Call(method, path, body string) (status int, answer []byte) {
	defer func() {
		if v := recover(); v != nil {
			status, answer = failure(fmt.Errorf("internal error: %v", v))
		}
	}()
	v, err := handle(method, path, body)
	if err != nil {
		return failure(err)
	}
	b, err := schema.MarshalIndent(v)
	if err != nil {
		return failure(fmt.Errorf("internal error: %w", err))
	}
	return 200, b
}

// UnmarshalJSON reads a score's body as mjref serve does: the situation fields the families
// declare ("riichi", "dora": engine.SplitSituation) and the others, an unknown field refused.
func (b *scoreBody) UnmarshalJSON(data []byte) error {
	rest, extra, err := engine.SplitSituation(data)
	if err != nil {
		return err
	}
	type body scoreBody // without this method
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode((*body)(b)); err != nil {
		return err
	}
	b.Extra = extra
	return nil
}

// decode reads a request's body into v as mjref serve does, with its words.
func decode(body string, v any) error {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return badRequest("request body: empty: send a JSON object")
		}
		return badRequest("request body: %s", jsonmsg.Describe(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return badRequest("request body: more than one JSON value: send one object")
	}
	return nil
}

// requestError is a request refused before the engine sees it, with its HTTP status.
type requestError struct {
	status int
	err    error
	hint   string
}

func (e *requestError) Error() string { return e.err.Error() }
func (e *requestError) Unwrap() error { return e.err }

func badRequest(format string, args ...any) error {
	return &requestError{status: 400, err: fmt.Errorf(format, args...)}
}

// builtinName refuses a ruleset that is not built in.
func builtinName(name string) error {
	if rulesets.IsBuiltin(name) {
		return nil
	}
	var names []string
	for _, i := range rulesets.Builtins() {
		names = append(names, i.Name)
	}
	return &requestError{status: 404, err: fmt.Errorf("no built-in ruleset %q", name),
		hint: "the built-in rulesets are " + strings.Join(names, ", ") + " (GET /v1/rulesets)"}
}

// needHand refuses a request without a hand, showing one.
func needHand(hand, example string) error {
	if hand == "" {
		return badRequest(`no "hand": send {"hand": "%s", ...}`, example)
	}
	return nil
}

// play decodes body into a B and runs it on the engine of its table.
func play[B any, R any](body string, t func(*B) table, run func(*engine.Engine, *B) (R, error)) (any, error) {
	var b B
	if err := decode(body, &b); err != nil {
		return nil, err
	}
	e, err := open(t(&b))
	if err != nil {
		return nil, err
	}
	return run(e, &b)
}

// handle is call, which a test may replace.
var handle = call

func call(method, path, body string) (any, error) {
	switch method + " " + path {
	case "GET /v1/catalog":
		c, err := engine.BuiltinCatalog()
		if err != nil {
			return nil, err
		}
		e, err := open(table{})
		if err != nil {
			return nil, err
		}
		d := e.Describe()
		d.Rulesets = []string{Default}
		return struct {
			*engine.Catalog
			Default engine.FamilyInfo `json:"default"`
		}{c, d}, nil
	case "POST /v1/parse":
		return play(body, func(b *parseBody) table { return b.table }, func(e *engine.Engine, b *parseBody) (any, error) {
			p, err := e.Preview(b.Hand)
			if err != nil && engine.IsInput(err) {
				_, se := errorDoc(err)
				return struct {
					Problem schema.Error `json:"problem"`
				}{se}, nil
			}
			return p, err
		})
	case "POST /v1/score":
		return play(body, func(b *scoreBody) table { return b.table }, func(e *engine.Engine, b *scoreBody) (family.Scored, error) {
			if err := needHand(b.Hand, "123m456p789s111z55z"); err != nil {
				return nil, err
			}
			return e.Score(b.ScoreRequest)
		})
	case "POST /v1/waits":
		return play(body, func(b *waitsBody) table { return b.table }, func(e *engine.Engine, b *waitsBody) (*engine.WaitsView, error) {
			if err := needHand(b.Hand, "123m456p789s11z45s"); err != nil {
				return nil, err
			}
			return e.Waits(b.WaitsRequest)
		})
	case "POST /v1/closest":
		return play(body, func(b *closestBody) table { return b.table }, func(e *engine.Engine, b *closestBody) (*engine.ClosestView, error) {
			if err := needHand(b.Hand, "NN 2026m SS 666p 66s"); err != nil {
				return nil, err
			}
			return e.Closest(b.ClosestRequest)
		})
	case "POST /v1/settle":
		return play(body, func(b *settleBody) table { return table{Rules: b.Rules, Set: b.Set} }, func(e *engine.Engine, b *settleBody) (family.Settlement, error) {
			return e.Settle(b.SettleRequest)
		})
	case "POST /v1/ledger/new":
		var b newLedgerBody
		if err := decode(body, &b); err != nil {
			return nil, err
		}
		if b.Rules == "" {
			b.Rules = Default
		}
		if err := builtinName(b.Rules); err != nil {
			return nil, err
		}
		l, err := engine.NewLedger(LedgerPath, b.Rules, engine.NewLedgerOptions{Players: b.Players})
		if err != nil {
			return nil, err
		}
		return l.Show()
	case "GET /v1/ledger":
		l, err := openLedger()
		if err != nil {
			return nil, err
		}
		return l.Show()
	case "POST /v1/ledger/hands":
		var req engine.LedgerRequest
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		l, err := openLedger()
		if err != nil {
			return nil, err
		}
		return l.Add(req)
	case "POST /v1/ledger/undo":
		l, err := openLedger()
		if err != nil {
			return nil, err
		}
		return l.Undo()
	case "POST /v1/season":
		var b seasonBody
		if err := decode(body, &b); err != nil {
			return nil, err
		}
		return engine.Season(engine.SeasonOptions{Paths: []string{SeasonDir}, Aliases: b.Aliases, SkipBroken: b.SkipBroken})
	case "GET /v1/ledger/verify":
		l, err := engine.OpenLedger(LedgerPath)
		if err != nil {
			return nil, err
		}
		return l.Verify()
	}
	return nil, &requestError{status: 404, err: fmt.Errorf("no endpoint %s", path), hint: "see /openapi.json for the endpoints"}
}

func openLedger() (*engine.Ledger, error) {
	return engine.OpenLedgerWith(LedgerPath, engine.LedgerOpening{Record: true})
}

var flagRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)`) }) // on first use, not at every start

// errorDoc is err's status and JSON error object, its fields named as the JSON body names them.
func errorDoc(err error) (int, schema.Error) {
	status, code := 500, 3
	var re *requestError
	switch {
	case errors.As(err, &re):
		status, code = re.status, 2
	case engine.IsInput(err):
		status, code = 400, 2
	}
	msg, hint := family.Worded(err, family.HTTP)
	if re != nil && re.hint != "" {
		hint = re.hint
	}
	quote := func(s string) string {
		return flagRe().ReplaceAllStringFunc(s, func(m string) string { return `"` + strings.ReplaceAll(m[2:], "-", "_") + `"` })
	}
	e := schema.NewError(err, code, quote(hint))
	e.Message = schema.ShortMessage(quote(msg))
	return status, e
}

func failure(err error) (int, []byte) {
	status, e := errorDoc(err)
	b, merr := json.Marshal(e)
	if merr != nil {
		return 500, []byte(`{"error":"internal error"}`)
	}
	return status, b
}
