package family

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Scorekeeper is Rules that keep a table ledger (mjref ledger): how a game flows, what a hand
// is worth, and how one hand's result becomes the hand recorded (the ledger fields the family
// reads are in its takes-table, UseLedger). The ledger itself (referee/ledger) keeps the record,
// the flow and the totals the same for every family.
type Scorekeeper interface {
	// LedgerFlow is how a game flows when the ruleset has no flow: section.
	LedgerFlow() ledger.Flow
	// LedgerUnit is what a winning hand is worth in the record: "faan", "value", or "" when each
	// player's points are recorded instead (DeBurger).
	LedgerUnit() string
	// RecordHand reads the hand req describes, played at table t, into the hand to record. A hand
	// given that is not a win is a Recorded whose OK is false, not an error.
	RecordHand(req LedgerRequest, t ledger.Table) (Recorded, error)
}

// LedgerRequest is one hand's result as ledger add's (and amend's) flags give it, the players by
// name. A field left empty is a flag not given. Its JSON is the body of mjref serve's POST
// /v1/ledger/hands (server.LedgerHand), the jsonschema descriptions that request's schema.
type LedgerRequest struct {
	// Winner is the player who won (DeBurger: went Mahjong), or several claimants of one
	// discard: "Ben,Dan".
	Winner string `json:"winner,omitempty" jsonschema:"description=the player who won (DeBurger: who went Mahjong); several on one discard: Ben\\,Dan"`
	// Discarder discarded the winning tile (or made the robbed kong); Win is how the hand was won
	// (a discard when Discarder is given).
	Discarder string `json:"discarder,omitempty" jsonschema:"description=the player who discarded the winning tile (or made the robbed kong)"`
	Win       string `json:"win,omitempty" jsonschema:"description=how the hand was won (default discard with a discarder)"`
	// Faan (Hong Kong, "limit" for a limit hand) or Value (American) is the hand's worth, one per
	// winner: "5,3". Limit makes a single winner's hand a limit hand.
	Faan  NumberText `json:"faan,omitempty" jsonschema:"description=Hong Kong: the winning hand's faan: a number or a string (several winners: one each\\, 5\\,3)"`
	Value NumberText `json:"value,omitempty" jsonschema:"description=American: the card line's value: a number or a string (several winners: one each\\, 25\\,30)"`
	Limit bool       `json:"limit,omitempty" jsonschema:"description=Hong Kong: a limit hand"`
	// Responsible is the player who pays alone under responsibility (包).
	Responsible string `json:"responsible,omitempty" jsonschema:"description=Hong Kong: the player who pays alone under responsibility (包)"`
	// Jokerless and Misnamed are American: no jokers on a line with the bonus, a misnamed discard.
	Jokerless bool `json:"jokerless,omitempty" jsonschema:"description=American: no jokers on a line with the jokerless bonus"`
	Misnamed  bool `json:"misnamed,omitempty" jsonschema:"description=American: the discarder misnamed the winning discard"`
	// Drawn ends the hand drawn; FalseWin names the player who declared a false win.
	Drawn    bool   `json:"drawn,omitempty" jsonschema:"description=the hand was drawn (流局): nobody pays"`
	FalseWin string `json:"false_win,omitempty" jsonschema:"description=the player who declared a false win (詐糊) and pays the penalty"`
	// Points are each player's change, given directly: "Ann=2700,Ben=-900,...".
	Points Amounts `json:"points,omitempty" jsonschema:"description=each player's change given directly: a list Ann=2700\\,Ben=1800\\,Cat=-400\\,Dan=0 or an object of players and amounts (numbers or strings)"`
	// Hands are the winner's hand in notation, scored at the winner's seat; DeBurger: NAME=HAND
	// for each of the four players. LastTile says the win was on the last tile of the wall.
	Hands    []string `json:"hand,omitempty" jsonschema:"description=the winner's hand in notation (DeBurger: NAME=HAND for each of the four players)"`
	LastTile bool     `json:"last_tile,omitempty" jsonschema:"description=with hand: the win was on the last tile of the wall"`
	// Note is kept with the hand recorded.
	Note string `json:"note,omitempty" jsonschema:"description=a note kept with the hand"`
}

// Given lists the fields req gives by their flags' names, in name order (the order the command
// line lists the flags given in, so a front end refuses the same flag first).
func (req *LedgerRequest) Given() []string {
	var names []string
	add := func(name string, given bool) {
		if given {
			names = append(names, name)
		}
	}
	add("discarder", req.Discarder != "")
	add("drawn", req.Drawn)
	add("faan", req.Faan != "")
	add("false-win", req.FalseWin != "")
	add("hand", len(req.Hands) > 0)
	add("jokerless", req.Jokerless)
	add("last-tile", req.LastTile)
	add("limit", req.Limit)
	add("misnamed", req.Misnamed)
	add("note", req.Note != "")
	add("points", len(req.Points) > 0)
	add("responsible", req.Responsible != "")
	add("value", req.Value != "")
	add("win", req.Win != "")
	add("winner", req.Winner != "")
	return names
}

// Recorded is a hand read from a LedgerRequest: the hand to record or, with OK false, why it is
// not a win (Reason).
type Recorded struct {
	Hand ledger.Hand
	// OK is false when the hand given is not a win (or not worth what the table pays).
	OK     bool
	Reason string
	// Notes say what the reading decided (a head bump, a responsible player found, a win paid as
	// a self-draw).
	Notes []string
	// Tiles is the winner's hand as scored, and Score its scoring, when a hand was given.
	Tiles string
	Score Scored
}

// RefuseLedgerFlags refuses the first flag of given that the family of k does not read, with the
// family's hint: a flag given under another family is refused rather than ignored.
func RefuseLedgerFlags(r Rules, given []string) error {
	rs := r.Ruleset()
	for _, name := range given {
		if ok, hint := r.Takes(UseLedger, name); !ok {
			err := Usagef("--%s does not apply to this ledger's ruleset %s (family %s)", name, rs.Name, rs.Family)
			if hint != "" {
				return WithHint(err, hint)
			}
			return err
		}
	}
	return nil
}

// UnknownPlayer is a flag naming someone not at the table.
func UnknownPlayer(flag, name string, t ledger.Table) error {
	return WithHint(Usagef("--%s %s is not a player at this table", flag, name),
		"the players are "+strings.Join(t.Players[:], ", ")+" (names are case-sensitive)")
}

// PlayerValues reads NAME=VALUE pairs for the four players at t, given as repeated flags or
// comma lists, and requires all four.
func PlayerValues(flag string, args []string, t ledger.Table) ([4]string, error) {
	index := func(k string) (int, error) {
		k = strings.TrimSpace(k)
		i := t.Index(k)
		if i < 0 {
			return i, UnknownPlayer(flag, k, t)
		}
		return i, nil
	}
	name := func(i int) string { return t.Players[i] }
	return FourValues(flag, args, "NAME=VALUE, e.g. "+t.Players[0]+"=2700", "players", index, name)
}

// PlayerAmounts reads each player's amount, NAME=AMOUNT for all four.
func PlayerAmounts(flag string, args []string, t ledger.Table) ([4]ledger.Amount, error) {
	var d [4]ledger.Amount
	vals, err := PlayerValues(flag, args, t)
	if err != nil {
		return d, err
	}
	for i, s := range vals {
		if d[i], err = settle.ParseAmount(s); err != nil {
			return d, Usagef("--%s %s=%q: %v", flag, t.Players[i], s, err)
		}
	}
	return d, nil
}

// LedgerWin is a winning hand's request read as far as every family reads it alike: the winner (or
// several) and the points given. The family then says what the hand is worth.
type LedgerWin struct {
	Req     *LedgerRequest
	Table   ledger.Table
	Hand    ledger.Hand // Winner set
	Winners []string    // every claimant named, the first in Hand.Winner
	Deltas  []ledger.Amount
}

// ReadLedgerHand reads what every family reads alike: a drawn hand and a false win (recorded
// whole: done), else the winners and the points given. Exactly one of --hand, --drawn and
// --false-win may give the whole hand. worth is how the family's hands are worth, for a hint
// ("--faan 5").
func ReadLedgerHand(req *LedgerRequest, t ledger.Table, worth string) (rec Recorded, w LedgerWin, done bool, err error) {
	w = LedgerWin{Req: req, Table: t}
	ways := 0
	for _, b := range []bool{len(req.Hands) > 0, req.Drawn, req.FalseWin != ""} {
		if b {
			ways++
		}
	}
	if ways > 1 {
		return rec, w, false, Usagef("--log, --hand, --drawn and --false-win each give the whole hand: use one")
	}
	if len(req.Points) > 0 {
		d, err := PlayerAmounts("points", req.Points, t)
		if err != nil {
			return rec, w, false, err
		}
		w.Deltas = d[:]
	}
	if req.Drawn || req.FalseWin != "" {
		flag := "--drawn"
		if req.FalseWin != "" {
			flag = "--false-win"
		}
		given := map[string]bool{}
		for _, name := range req.Given() {
			given[name] = true
		}
		for _, name := range []string{"winner", "discarder", "win", "faan", "value", "limit", "responsible", "jokerless", "misnamed", "last-tile"} {
			if given[name] {
				return rec, w, false, Usagef("--%s with %s: the hand has no winner", name, flag)
			}
		}
		rec.Hand = ledger.Hand{Drawn: req.Drawn, FalseWin: req.FalseWin, Deltas: w.Deltas}
		if req.FalseWin != "" && t.Index(req.FalseWin) < 0 {
			return rec, w, false, UnknownPlayer("false-win", req.FalseWin, t)
		}
		rec.OK = true
		return rec, w, true, nil
	}
	if req.Winner == "" {
		return rec, w, false, WithHint(Usagef("say how the hand ended: --winner NAME, --drawn or --false-win NAME"),
			"e.g. --winner "+t.Players[1]+" "+worth+" --discarder "+t.Players[2])
	}
	for _, name := range strings.Split(req.Winner, ",") {
		name = strings.TrimSpace(name)
		if t.Index(name) < 0 {
			return rec, w, false, UnknownPlayer("winner", name, t)
		}
		w.Winners = append(w.Winners, name)
	}
	w.Hand.Winner = w.Winners[0]
	return rec, w, false, nil
}

// HowWon reads --win and --discarder, by name: a win on a discard needs the discarder, a
// self-drawn one none (seven flowers too, where sr, the ruleset's settlement, plays them
// self-drawn); it sets the hand's Win and Discarder.
func (w *LedgerWin) HowWon(sr *settle.Rules) error {
	req, t := w.Req, w.Table
	if req.Discarder != "" {
		if t.Index(req.Discarder) < 0 {
			return UnknownPlayer("discarder", req.Discarder, t)
		}
		if req.Discarder == req.Winner {
			return Usagef("--discarder %s is the winner: nobody wins on their own discard", req.Discarder)
		}
	}
	k, err := WinKind(req.Win, req.Discarder, "NAME")
	if err != nil {
		return err
	}
	if err := SevenFlowersHow(k, req.Discarder, sr, "NAME"); err != nil {
		return err
	}
	if !sr.SelfDrawn(k) && req.Discarder == "" {
		return Usagef("--win %s needs the player who discarded the tile (or whose kong was robbed): --discarder NAME", k)
	}
	w.Hand.Win, w.Hand.Discarder = k, req.Discarder
	return nil
}

// LedgerWorth is one winner's faan or value as given.
type LedgerWorth struct {
	N     int
	Limit bool
}

// Worths reads the unit's flag (--faan or --value): one whole number a winner, or "limit" (faan);
// nil when the flag is not given.
func (w *LedgerWin) Worths(unit string, winners int) ([]LedgerWorth, error) {
	text := string(w.Req.Faan)
	if unit == "value" {
		text = string(w.Req.Value)
	}
	if text == "" {
		return nil, nil
	}
	parts := strings.Split(text, ",")
	if len(parts) != winners {
		if winners == 1 {
			return nil, Usagef("--%s %s: one winner, one %s", unit, text, unit)
		}
		return nil, Usagef("--%s %s: give one %s for each of the %d winners, in the order of --winner", unit, text, unit, winners)
	}
	out := make([]LedgerWorth, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if unit == "faan" && strings.EqualFold(p, "limit") {
			out[i].Limit = true
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || p == "" || p[0] == '+' {
			return nil, Usagef("--%s %q: %q is not a whole number", unit, text, p)
		}
		if n < 0 {
			return nil, Usagef("--faan and --value cannot be negative")
		}
		out[i].N = n
	}
	return out, nil
}

// set gives a claim the worth w in the unit.
func (c *LedgerWorth) set(unit string, faan, value *int, limit *bool) {
	if unit == "value" {
		*value = c.N
		return
	}
	*faan, *limit = c.N, c.Limit
}

// Several records a discard that several players won, each with their worth in the unit, under
// the ruleset's multiple_winners rule (see ledger.ResolveClaims): with the points given, the head
// bump still decides who won.
func (w *LedgerWin) Several(r Rules, unit string) (Recorded, error) {
	var rec Recorded
	rules := r.Ruleset().Settlement
	req, h := w.Req, w.Hand
	if h.Discarder == "" || h.Win.SelfDrawn() {
		return rec, Usagef("--winner %s: several players win only on one discard: give --discarder NAME", req.Winner)
	}
	for _, name := range []string{"hand", "responsible", "limit", "jokerless", "last-tile"} {
		if given(req, name) {
			return rec, WithHint(Usagef("--%s with several winners: give it for one winner, or record the hand from a referee log", name),
				"several winners: --winner A,B --faan 5,3 (--faan 5,limit for a limit hand)")
		}
	}
	worths, err := w.Worths(unit, len(w.Winners))
	if err != nil {
		return rec, err
	}
	if worths == nil && w.Deltas == nil {
		return rec, Usagef("no --%s: say what each winner's hand is worth, e.g. --%s 5,3", unit, unit)
	}
	seen := map[string]bool{}
	for i, name := range w.Winners {
		if seen[name] {
			return rec, Usagef("--winner %s: %s is named twice", req.Winner, name)
		}
		seen[name] = true
		c := ledger.Claim{Winner: name}
		if worths != nil {
			worths[i].set(unit, &c.Faan, &c.Value, &c.Limit)
		}
		if i == 0 {
			h.Faan, h.Value, h.Limit = c.Faan, c.Value, c.Limit
		} else {
			h.Also = append(h.Also, c)
		}
	}
	h.Misnamed = req.Misnamed
	h.Deltas = w.Deltas
	for _, c := range h.Claims() {
		if w.Deltas != nil {
			break // the points were given: no worth is settled
		}
		// A worth outside what the table pays is refused here, before it is recorded (exit 1).
		if err := rules.CheckWorth(c.Faan+c.Value, c.Limit); errors.Is(err, scoring.ErrNotWinning) {
			rec.Hand, rec.Reason = h, c.Winner+": "+err.Error()
			return rec, nil
		}
	}
	h, note, err := ledger.ResolveClaims(rules, h, w.Table)
	if errors.Is(err, ledger.ErrBumpedPaid) {
		return rec, WithHint(Usagef("%v", err), "give the bumped claimant what a loser pays, or, if every claimant was paid, add --set settlement.multiple_winners.as=all --this-hand")
	}
	if err != nil {
		return rec, SettleError(r.Ruleset(), err)
	}
	rec.Hand, rec.OK, rec.Notes = h, true, []string{note}
	return rec, nil
}

// One records a single winner's hand from its worth in the unit (--faan N, --limit, --value N)
// or the points given; a worth outside what the table pays is not a win.
func (w *LedgerWin) One(r Rules, unit, example string) (Recorded, error) {
	var rec Recorded
	rules := r.Ruleset().Settlement
	req, h := w.Req, w.Hand
	if req.LastTile {
		return rec, Usagef("--last-tile is read when scoring a hand: give --hand")
	}
	h.Deltas = w.Deltas
	h.Limit, h.Jokerless, h.Misnamed = req.Limit, req.Jokerless, req.Misnamed
	worths, err := w.Worths(unit, 1)
	if err != nil {
		return rec, err
	}
	if len(worths) > 0 {
		worths[0].set(unit, &h.Faan, &h.Value, &h.Limit)
		h.Limit = h.Limit || req.Limit
	}
	if worths == nil && !h.Limit && w.Deltas == nil {
		return rec, WithHint(Usagef("no --%s: say what %s's hand is worth, or give the hand with --hand", unit, h.Winner), example)
	}
	rec.Hand = h
	if w.Deltas == nil && rules != nil {
		// A worth outside what the table pays is refused here, before it is recorded (exit 1).
		if err := rules.CheckWorth(h.Faan+h.Value, h.Limit); errors.Is(err, scoring.ErrNotWinning) {
			rec.Reason = err.Error()
			return rec, nil
		}
	}
	rec.OK = true
	return rec, nil
}

// NoWorthWithHand refuses a worth given with the winner's hand: what it is worth comes from
// scoring it. Only one hand may be given.
func (w *LedgerWin) NoWorthWithHand() error {
	for _, name := range []string{"faan", "value", "limit", "jokerless", "points"} {
		if given(w.Req, name) {
			return WithHint(Usagef("--%s with --hand: what the hand is worth comes from scoring it", name),
				"drop --hand to record the hand from --"+name+", or drop --"+name)
		}
	}
	if len(w.Req.Hands) > 1 {
		return Usagef("--hand is given %d times: give the winner's hand once", len(w.Req.Hands))
	}
	return nil
}

// Responsible sets who pays alone under responsibility (包), --responsible NAME.
func (w *LedgerWin) Responsible() error {
	if r := w.Req.Responsible; r != "" {
		if w.Table.Index(r) < 0 {
			return UnknownPlayer("responsible", r, w.Table)
		}
		w.Hand.Responsible = r
	}
	return nil
}

// Situation is the situation the winner's hand is scored in: the winner's seat and this hand's
// prevailing wind.
func (w *LedgerWin) Situation() Situation {
	t, h := w.Table, w.Hand
	d := notation.NoSeat
	if h.Discarder != "" {
		d = t.Seat(h.Discarder)
	}
	return Situation{Situation: scoring.Situation{Seat: t.Seat(h.Winner), Prevailing: t.Prevailing, Win: h.Win,
		Discarder: d, LastTile: w.Req.LastTile}}
}

// RecordWin is RecordHand for a family whose hands are worth a number in the unit (faan, value,
// as its LedgerUnit says):
// a drawn hand, a false win, several winners of one discard, a single winner's worth as given, or
// the winner's hand (--hand), scored at the winner's seat by r and read by read, which fills the
// hand's worth from the score. example is a hint for a hand given without its worth.
func RecordWin(r Rules, unit string, req LedgerRequest, t ledger.Table, example string, read func(w *LedgerWin, hand *notation.Hand, sc Scored, rec *Recorded) error) (Recorded, error) {
	worth := map[string]string{"faan": "--faan 5", "value": "--value 25"}[unit]
	rec, w, done, err := ReadLedgerHand(&req, t, worth)
	if err != nil || done {
		return rec, err
	}
	if err := w.HowWon(r.Ruleset().Settlement); err != nil {
		return rec, err
	}
	if err := w.Responsible(); err != nil {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return w.Several(r, unit)
	}
	if len(req.Hands) == 0 {
		return w.One(r, unit, example)
	}
	if err := w.NoWorthWithHand(); err != nil {
		return rec, err
	}
	hand, err := notation.ParseWith(req.Hands[0], r.Family().Notation())
	if err != nil {
		return rec, err
	}
	sc, err := r.Score(&hand, w.Situation())
	if err != nil {
		return rec, err
	}
	w.Hand.Tiles = sc.Head().Hand
	rec.Hand, rec.Tiles, rec.Score = w.Hand, w.Hand.Tiles, sc
	if err := read(&w, &hand, sc, &rec); err != nil {
		return rec, err
	}
	return rec, nil
}

// given says whether req gives the flag named.
func given(req *LedgerRequest, flag string) bool {
	for _, name := range req.Given() {
		if name == flag {
			return true
		}
	}
	return false
}

// LoadSets loads the settlement of the game h with a hand's own overrides (Hand.Sets) on top of
// the game's, for ledger.SettlementWith.
func LoadSets(h ledger.Header) func(sets []string) (*settle.Rules, error) {
	return func(sets []string) (*settle.Rules, error) {
		rs, err := rulesets.Load(h.Ruleset, append(slices.Clone(h.Sets), sets...)...)
		if err != nil {
			return nil, err
		}
		if rs.Settlement == nil {
			return nil, fmt.Errorf("ruleset %s has no settlement", rs.Name)
		}
		return rs.Settlement, nil
	}
}

// LedgerSettler settles the hands of the game h under rs, its ruleset with the game's overrides,
// and a hand paid under its own overrides under rs with them as well; nil when rs has no
// settlement (each hand then carries its points).
func LedgerSettler(h ledger.Header, rs *rulesets.Ruleset) ledger.Settler {
	if rs.Settlement == nil {
		return nil
	}
	return ledger.SettlementWith(rs.Settlement, LoadSets(h))
}

// LedgerGame is how a new game is set up: its players, ruleset and overrides, and how long it
// lasts, as ledger new's flags give them.
type LedgerGame struct {
	// Players are the four players in seat order for the first hand, East first.
	Players [4]string
	// Rules is the built-in ruleset or ruleset file the game is played under (a file is recorded
	// by its absolute path, so later commands find it from anywhere); Sets its overrides.
	Rules string
	Sets  []string
	// Length, Stake and Target change the flow ("" keeps the ruleset's, or the family's).
	Length, Stake, Target string
}

// LedgerHeader is the header of a new game under r: the family's flow unless the ruleset has a
// flow: section, changed by the game's length, stake and target.
func LedgerHeader(r Rules, g LedgerGame) (ledger.Header, error) {
	rs := r.Ruleset()
	k, ok := r.(Scorekeeper)
	if !ok {
		return ledger.Header{}, WithHint(fmt.Errorf("ruleset %s (family %s): mjref keeps no ledger under it", rs.Name, rs.Family), "")
	}
	h := ledger.Header{Players: g.Players, Family: rs.Family, Ruleset: g.Rules, Sets: g.Sets, Flow: k.LedgerFlow()}
	if !rulesets.IsBuiltin(g.Rules) {
		if abs, err := filepath.Abs(g.Rules); err == nil {
			h.Ruleset = abs
		}
	}
	if rs.Flow != nil {
		h.Flow = *rs.Flow
	}
	var err error
	if g.Length != "" {
		if h.Flow.Length, err = ledger.ParseLength(g.Length); err != nil {
			return h, Usagef("--length: %v", err)
		}
	}
	if g.Stake != "" {
		if h.Flow.Stake, err = settle.ParseAmount(g.Stake); err != nil {
			return h, Usagef("--stake: %v", err)
		}
	}
	if g.Target != "" {
		if h.Flow.Target, err = settle.ParseAmount(g.Target); err != nil {
			return h, Usagef("--target: %v", err)
		}
	}
	return h, nil
}
