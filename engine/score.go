package engine

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
)

// ScoreRequest is one hand to score with its situation, as flags and JSON batch lines give it:
// seats as letters (E S W N), the win as a word (see scoring.WinKinds, and a family's own words,
// family.WinNamer). Empty fields take the defaults: seat and prevailing E, a win on a discard.
type ScoreRequest struct {
	Hand       string `json:"hand"`
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	Win        string `json:"win,omitempty"`
	Discarder  string `json:"discarder,omitempty"`
	LastTile   *bool  `json:"last_tile,omitempty"`
	Loser      *bool  `json:"loser,omitempty"` // DeBurger: score a non-winner's hand

	// Extra are the situation fields the families declare (family.SituationFields) given, by
	// name: true for a flag, a whole number for a count, the tiles' notation for tiles. JSON
	// writes them beside the fields above ("riichi": true, "dora": "1p"), which SplitSituation
	// takes out; the engine refuses a field the ruleset's family does not declare.
	Extra map[string]any `json:"-"`
}

// Over fills the fields req leaves empty from def.
func (req ScoreRequest) Over(def ScoreRequest) ScoreRequest {
	pick := func(v, d string) string {
		if v != "" {
			return v
		}
		return d
	}
	req.Seat = pick(req.Seat, def.Seat)
	req.Prevailing = pick(req.Prevailing, def.Prevailing)
	req.Win = pick(req.Win, def.Win)
	req.Discarder = pick(req.Discarder, def.Discarder)
	if req.LastTile == nil {
		req.LastTile = def.LastTile
	}
	if req.Loser == nil {
		req.Loser = def.Loser
	}
	if len(def.Extra) > 0 {
		extra := make(map[string]any, len(def.Extra)+len(req.Extra))
		for k, v := range def.Extra {
			extra[k] = v
		}
		for k, v := range req.Extra {
			if v != nil && !reflect.ValueOf(v).IsZero() {
				extra[k] = v // a field the request gives (not false, 0 or "") wins over the default
			}
		}
		req.Extra = extra
	}
	return req
}

// IsLoser says whether the request scores a non-winner.
func (req ScoreRequest) IsLoser() bool { return req.Loser != nil && *req.Loser }

// Situation parses the request's situation. A bad seat, win or field is a usage error naming the
// field, which each door words its own way (--seat, "seat").
func (req ScoreRequest) Situation() (family.Situation, error) {
	def := func(v, d string) string {
		if v == "" {
			return d
		}
		return v
	}
	var sit family.Situation
	var err error
	if sit.Seat, err = notation.ParseSeat(def(req.Seat, "E")); err != nil {
		return sit, family.Fieldf("%s: %v", family.Field("seat"), err)
	}
	if sit.Prevailing, err = notation.ParseSeat(def(req.Prevailing, "E")); err != nil {
		return sit, family.Fieldf("%s: %v", family.Field("prevailing"), err)
	}
	wordLast := false
	if w, ok := family.LookupWinWord(req.Win); ok {
		sit.Win, wordLast = w.Win, w.LastTile
	} else if sit.Win, err = scoring.ParseWinKind(def(req.Win, "discard")); err != nil {
		return sit, family.Fieldf("%s: %v", family.Field("win"), err)
	}
	sit.Discarder = notation.NoSeat
	if req.Discarder != "" {
		if sit.Discarder, err = notation.ParseSeat(req.Discarder); err != nil {
			return sit, family.Fieldf("%s: %v", family.Field("discarder"), err)
		}
		if sit.Discarder == sit.Seat {
			return sit, family.Fieldf("%s %s is the winner's own seat", family.Field("discarder"), req.Discarder)
		}
	}
	sit.LastTile = wordLast || (req.LastTile != nil && *req.LastTile)
	sit.Loser = req.IsLoser()
	sit.Extra, err = parseExtra(req.Extra)
	return sit, err
}

// parseExtra reads the situation fields given, in the order the families declare them: a field
// no family declares, or a value of the wrong kind, is bad input naming the field.
func parseExtra(given map[string]any) (family.Extra, error) {
	if len(given) == 0 {
		return nil, nil
	}
	fields := family.SituationFields()
	for name := range given {
		if !declared(fields, name) {
			return nil, family.Fieldf("%s: no family mjref plays takes it", family.Field(name))
		}
	}
	var out family.Extra
	set := func(name string, v any) {
		if out == nil {
			out = family.Extra{}
		}
		out[name] = v
	}
	for _, f := range fields {
		v, ok := given[f.Name]
		if !ok || v == nil {
			continue
		}
		name := family.Field(f.Name)
		switch f.Kind {
		case family.FieldFlag:
			b, ok := v.(bool)
			if !ok {
				return nil, family.Fieldf("%s: expected true or false", name)
			}
			if b {
				set(f.Name, true)
			}
		case family.FieldCount:
			n, ok := v.(int)
			switch {
			case !ok:
				return nil, family.Fieldf("%s: expected a whole number", name)
			case n < 0:
				return nil, family.Fieldf("%s is a count: 0 or more", name)
			case f.Max > 0 && n > f.Max:
				// A count no table reaches is a typo, and would overflow what it pays.
				return nil, family.Fieldf("%s %d: at most %d %s", name, n, f.Max, f.Noun)
			case n > 0:
				set(f.Name, n)
			}
		case family.FieldTiles:
			s, ok := v.(string)
			if !ok {
				return nil, family.Fieldf("%s: expected tiles in notation", name)
			}
			if strings.TrimSpace(s) == "" {
				continue
			}
			ts, err := notation.ParseTiles(s)
			if err != nil {
				return nil, family.FieldError(f.Name, err)
			}
			if f.Max > 0 && len(ts) > f.Max {
				noun := f.Noun
				if noun == "" {
					noun = "tiles"
				}
				return nil, family.Fieldf("%s: at most %d %s, got %d", name, f.Max, noun, len(ts))
			}
			set(f.Name, ts)
		}
	}
	return out, nil
}

// declared says whether fields has one named name.
func declared(fields []family.SituationField, name string) bool {
	for _, f := range fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// SplitSituation takes the situation fields the registered families declare (by their JSON names,
// "double_riichi") out of the JSON object b: their values, typed as ScoreRequest.Extra holds them,
// and the object without them, for the caller to decode as the request it is part of. A value of
// the wrong kind is a *json.UnmarshalTypeError naming the field. b that is not an object is
// returned as it is, for the caller's decoding to refuse.
func SplitSituation(b []byte) (rest []byte, extra map[string]any, err error) {
	fields := family.SituationFields()
	if len(fields) == 0 {
		return b, nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return b, nil, nil
	}
	var out bytes.Buffer
	out.WriteByte('{')
	n := 0
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return b, nil, nil
		}
		key, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return b, nil, nil
		}
		if f, ok := jsonField(fields, key); ok {
			v, err := decodeField(f, key, raw)
			if err != nil {
				return nil, nil, err
			}
			if v != nil {
				if extra == nil {
					extra = map[string]any{}
				}
				extra[f.Name] = v
			}
			continue
		}
		if n > 0 {
			out.WriteByte(',')
		}
		n++
		kb, _ := json.Marshal(key)
		out.Write(kb)
		out.WriteByte(':')
		out.Write(raw)
	}
	if _, err := dec.Token(); err != nil {
		return b, nil, nil
	}
	out.WriteByte('}')
	out.Write(b[dec.InputOffset():])
	return out.Bytes(), extra, nil
}

// jsonField is the field of fields whose JSON name is key, matched as encoding/json matches a
// struct's fields (case does not matter).
func jsonField(fields []family.SituationField, key string) (family.SituationField, bool) {
	for _, f := range fields {
		if strings.EqualFold(f.JSONName(), key) {
			return f, true
		}
	}
	return family.SituationField{}, false
}

// decodeField reads raw, the JSON of field f written as key: nil for null.
func decodeField(f family.SituationField, key string, raw json.RawMessage) (any, error) {
	var v any
	var err error
	switch f.Kind {
	case family.FieldFlag:
		var b bool
		err, v = json.Unmarshal(raw, &b), b
	case family.FieldCount:
		var n int
		err, v = json.Unmarshal(raw, &n), n
	default:
		var s string
		err, v = json.Unmarshal(raw, &s), s
	}
	if te, ok := err.(*json.UnmarshalTypeError); ok {
		te.Field = key
		return nil, te
	}
	if err != nil {
		return nil, err
	}
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	return v, nil
}

// Score parses req.Hand and scores it in req's situation. A hand that is not a win is a Scored
// whose Valid is false, not an error. Its JSON is the contract of schema/score.json.
func (e *Engine) Score(req ScoreRequest) (family.Scored, error) {
	h, err := e.Parse(req.Hand)
	if err != nil {
		return nil, err
	}
	sit, err := req.Situation()
	if err != nil {
		return nil, err
	}
	return e.score(&h, sit)
}

// Scorer scores requests whose empty fields are a default request's (see ScoreRequest.Over),
// with the default's situation read once: a batch line that gives only its hand is scored in it
// without reading the flags again. Make one with (*Engine).Scorer; it is safe for concurrent use.
type Scorer struct {
	e   *Engine
	def ScoreRequest
	sit family.Situation
	// bound says sit is the default's situation and serves a request that gives only its hand:
	// the default's situation reads without an error and the family declares each of its own
	// fields (which families only read: family.Situation), so one situation serves every line.
	bound bool
}

// Scorer returns a Scorer of requests over def. A bad situation in def is not an error here: each
// request that leaves it in place reports it, as Score does.
func (e *Engine) Scorer(def ScoreRequest) *Scorer {
	s := &Scorer{e: e, def: def}
	sit, err := def.Situation()
	if err == nil && e.refuseExtra(sit.Extra) == nil {
		s.sit, s.bound = sit, true
	}
	return s
}

// Score scores req with the fields it leaves empty taken from the default: what
// e.Score(req.Over(def)) returns.
func (s *Scorer) Score(req ScoreRequest) (family.Scored, error) {
	if !s.bound || !req.handOnly() {
		return s.e.Score(req.Over(s.def))
	}
	h, err := s.e.Parse(req.Hand)
	if err != nil {
		return nil, err
	}
	return s.e.score(&h, s.sit)
}

// Line writes what a Scorer scores as JSON, a batch line at a time: for each request, the JSON
// object of what Scorer.Score returns, with its head's InputLine set. Where the family is a
// family.ScoreAppender and the request gives only its hand, the line is written without a
// Scored being made, into one Hand reused from line to line: so a Line is not safe for
// concurrent use. Make one for each goroutine with Scorer.Line.
type Line struct {
	s   *Scorer
	app family.ScoreAppender // nil: every line is Score's result, written as it writes itself
	opt notation.Options
	h   notation.Hand
}

// Line returns a Line of s's requests.
func (s *Scorer) Line() *Line {
	l := &Line{s: s, opt: s.e.rules.Family().Notation()}
	// A bound situation passes score's checks but one: a loser's hand, refused by the families
	// that score only winners, is left to Score.
	if app, ok := s.e.rules.(family.ScoreAppender); ok && s.bound && !s.sit.Loser {
		l.app = app
	}
	return l
}

// AppendJSON appends the JSON object of what Score(req) returns, its input_line n, to b (as
// encoding/json writes it, HTML escaping off); valid is its Valid. On an error b is returned as it
// came, and the error is Score's.
func (l *Line) AppendJSON(b []byte, req ScoreRequest, n int) (out []byte, valid bool, err error) {
	if l.app != nil && req.handOnly() {
		canonical, err := notation.ParseIntoText(&l.h, req.Hand, l.opt)
		if err != nil {
			return b, false, err
		}
		text := "" // the hand's canonical text, when the line is it
		if canonical {
			text = req.Hand
		}
		if out, valid, err = l.app.AppendScore(b, &l.h, text, l.s.sit, n); err != nil {
			return b, false, err
		}
		return out, valid, nil
	}
	sc, err := l.s.Score(req)
	if err != nil {
		return b, false, err
	}
	sc.Head().InputLine = n
	if out, err = schema.AppendJSON(b, sc); err != nil {
		return b, false, err
	}
	return out, sc.Valid(), nil
}

// handOnly says whether req gives its hand and nothing else, so that req.Over(def) is def with
// req's hand.
func (req *ScoreRequest) handOnly() bool {
	return req.Seat == "" && req.Prevailing == "" && req.Win == "" && req.Discarder == "" &&
		req.LastTile == nil && req.Loser == nil && len(req.Extra) == 0
}

// score scores h in sit under the engine's rules, refusing a situation field the family does not
// declare, and a non-winner's hand where the family scores only winners.
func (e *Engine) score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	if err := e.refuseExtra(sit.Extra); err != nil {
		return nil, err
	}
	sc, err := e.rules.Score(h, sit)
	if err != nil {
		return nil, err
	}
	if ok, _ := e.rules.Takes(family.UseScore, "loser"); sit.Loser && !ok {
		rs := e.Ruleset()
		return nil, family.Usagef("--loser scores a non-winner's hand, and ruleset %s (%s) scores only the winner", rs.Name, e.Title())
	}
	return sc, nil
}

// refuseExtra refuses the first situation field given (in the order the families declare them)
// that the engine's family does not declare: refused, not ignored, since the user meant it to
// count.
func (e *Engine) refuseExtra(extra family.Extra) error {
	if len(extra) == 0 {
		return nil
	}
	f := e.rules.Family()
	for _, sf := range family.SituationFields() {
		if _, given := extra[sf.Name]; !given || family.Declares(f, sf.Name) {
			continue
		}
		by := family.FieldFamilies(sf.Name)[0].ID()
		rs := e.Ruleset()
		name := family.Field(sf.Name)
		return family.HintFields(family.Fieldf("%s is a %s flag: ruleset %s is %s", name, by, rs.Name, e.Title()),
			family.Textf("use %s %s (or a %s ruleset), or leave %s out", family.Field("rules"), by, by, name))
	}
	return nil
}
