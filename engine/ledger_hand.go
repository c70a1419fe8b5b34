package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Scorekeeper is family rules that keep a table ledger (mjref ledger): how a game flows and what
// a winning hand is worth in the record. The engine reads each hand's result the same for every
// family (recordHand); the family answers only what it knows, as a WinRecorder (a winner's hand
// worth a number in the unit) or a TableRecorder (every player's points). The ledger itself
// (referee/ledger) keeps the record, the flow and the totals the same for every family.
type Scorekeeper interface {
	// LedgerFlow is how a game flows when the ruleset has no flow: section.
	LedgerFlow() gamerules.Flow
	// LedgerUnit is what a winning hand is worth in the record: "faan", "value", or "" when each
	// player's points are recorded instead (DeBurger).
	LedgerUnit() string
}

// WinRecorder is a Scorekeeper whose hands are worth a number in its unit (faan, value): the
// engine reads a drawn hand, a false win, several winners of one discard or a single winner's
// worth as given, and scores a winner's hand given in notation, asking the family what it records.
type WinRecorder interface {
	Scorekeeper
	// LedgerExample is the hint for a winner's hand given without its worth ("e.g. --faan 5").
	LedgerExample() string
	// RecordScored fills h, the hand to record at table t (winner, how won, responsible as given),
	// from the winner's hand as the family scored it (sc) in the situation sit: its worth, and
	// what the hand says beyond it (a self-draw whatever the last tile, who is responsible). ok is
	// false when the hand is not a win, reason why; notes say what it decided.
	RecordScored(h *ledger.Hand, t ledger.Table, hand *notation.Hand, sit scoring.Situation, sc family.Scored) (ok bool, reason string, notes []string, err error)
}

// TableRecorder is a Scorekeeper that records every player's points (DeBurger): given, or scored
// from the four hands, of which the family scores each seat's points.
type TableRecorder interface {
	Scorekeeper
	// ScoreLedgerTable scores the four hands (by seat) of a hand that mahjong won by win: each
	// seat's points, or with notWin set, why the Mahjong hand is not a win.
	ScoreLedgerTable(hands [4]*notation.Hand, mahjong notation.Seat, win scoring.WinKind) (points [4]int, notWin string, err error)
}

// recordHand reads the hand req describes, played at table t, into the hand to record, as the
// family of r keeps a ledger. A hand given that is not a win is a recorded whose OK is false, not
// an error.
func recordHand(r family.Rules, req LedgerRequest, t ledger.Table) (recorded, error) {
	switch k := r.(type) {
	case WinRecorder:
		return recordWin(r, k, req, t)
	case TableRecorder:
		return recordTable(r, k, req, t)
	case RoundRecorder:
		return recordRound(r, req, t)
	}
	rs := r.Ruleset()
	return recorded{}, family.Usagef("ruleset %s (family %s): mjref keeps no ledger under it", rs.Name, rs.Family)
}

// recorded is a hand read from a LedgerRequest: the hand to record or, with OK false, why it is
// not a win (Reason).
type recorded struct {
	Hand ledger.Hand
	// OK is false when the hand given is not a win (or not worth what the table pays).
	OK     bool
	Reason string
	// Notes say what the reading decided (a head bump, a responsible player found, a win paid as
	// a self-draw).
	Notes []string
	// Tiles is the winner's hand as scored, and Score its scoring, when a hand was given.
	Tiles string
	Score family.Scored
}

// unknownPlayer is a flag naming someone not at the table.
func unknownPlayer(flag, name string, t ledger.Table) error {
	return family.WithHint(family.Fieldf("%s %s is not a player at this table", family.Field(flag), name),
		"the players are "+strings.Join(t.Names(), ", ")+" (names are case-sensitive)")
}

// playerValues reads NAME=VALUE pairs for the four players at t, given as repeated flags or
// comma lists, and requires all four.
func playerValues(flag string, args []string, t ledger.Table) ([4]string, error) {
	index := func(k string) (int, error) {
		k = strings.TrimSpace(k)
		i := t.Index(k)
		if i < 0 {
			return i, unknownPlayer(flag, k, t)
		}
		return i, nil
	}
	name := func(i int) string { return t.Players[i] }
	return fourValues(flag, args, "NAME=VALUE, e.g. "+t.Players[0]+"=2700", "players", index, name)
}

// playerAmounts reads each player's amount, NAME=AMOUNT for all four.
func playerAmounts(flag string, args []string, t ledger.Table) ([4]ledger.Amount, error) {
	var d [4]ledger.Amount
	vals, err := playerValues(flag, args, t)
	if err != nil {
		return d, err
	}
	for i, s := range vals {
		if d[i], err = settle.ParseAmount(s); err != nil {
			return d, family.Fieldf("%s %s=%q: %v", family.Field(flag), t.Players[i], s, err)
		}
	}
	return d, nil
}

// ledgerWin is a winning hand's request read as far as every family reads it alike: the winner (or
// several) and the points given. The family then says what the hand is worth.
type ledgerWin struct {
	Req     *LedgerRequest
	Table   ledger.Table
	Hand    ledger.Hand // Winner set
	Winners []string    // every claimant named, the first in Hand.Winner
	Deltas  []ledger.Amount
}

// readLedgerHand reads what every family reads alike: a drawn hand and a false win (recorded
// whole: done), else the winners and the points given. Exactly one of --hand, --drawn and
// --false-win may give the whole hand. worth is how the family's hands are worth, for a hint
// ("--faan 5").
func readLedgerHand(req *LedgerRequest, t ledger.Table, worth string) (rec recorded, w ledgerWin, done bool, err error) {
	w = ledgerWin{Req: req, Table: t}
	ways := 0
	for _, b := range []bool{len(req.Hands) > 0, req.Drawn, req.FalseWin != ""} {
		if b {
			ways++
		}
	}
	if ways > 1 {
		return rec, w, false, family.Fieldf("%s%s, %s and %s each give the whole hand: use one", family.Either{Line: "--log, "}, family.Field("hand"), family.Field("drawn"), family.Field("false-win")) // no log over HTTP
	}
	if len(req.Points) > 0 {
		d, err := playerAmounts("points", req.Points, t)
		if err != nil {
			return rec, w, false, err
		}
		w.Deltas = d[:]
	}
	if req.Drawn || req.FalseWin != "" {
		flag := family.Field("drawn")
		if req.FalseWin != "" {
			flag = family.Field("false-win")
		}
		given := map[string]bool{}
		for _, name := range req.Given() {
			given[name] = true
		}
		for _, name := range []string{"winner", "discarder", "win", "faan", "value", "limit", "responsible", "jokerless", "misnamed", "last-tile"} {
			if given[name] {
				return rec, w, false, family.Fieldf("%s with %s: the hand has no winner", family.Field(name), flag)
			}
		}
		rec.Hand = ledger.Hand{Drawn: req.Drawn, FalseWin: req.FalseWin, Deltas: w.Deltas}
		if req.FalseWin != "" && t.Index(req.FalseWin) < 0 {
			return rec, w, false, unknownPlayer("false-win", req.FalseWin, t)
		}
		rec.OK = true
		return rec, w, true, nil
	}
	if req.Winner == "" {
		return rec, w, false, family.HintFields(family.Fieldf("say how the hand ended: %s NAME, %s or %s NAME", family.Field("winner"), family.Field("drawn"), family.Field("false-win")),
			family.Textf("e.g. %s", family.Either{Line: "--winner " + t.Players[1] + " " + worth + " --discarder " + t.Players[2],
				HTTP: `{"winner": "` + t.Players[1] + `", ` + jsonExample(worth) + `, "discarder": "` + t.Players[2] + `"}`}))
	}
	for _, name := range strings.Split(req.Winner, ",") {
		name = strings.TrimSpace(name)
		if t.Index(name) < 0 {
			return rec, w, false, unknownPlayer("winner", name, t)
		}
		w.Winners = append(w.Winners, name)
	}
	w.Hand.Winner = w.Winners[0]
	return rec, w, false, nil
}

// HowWon reads --win and --discarder, by name: a win on a discard needs the discarder, a
// self-drawn one none (seven flowers too, where the ruleset's settlement plays them self-drawn),
// and a win the family of r does not play is refused; it sets the hand's Win and Discarder.
func (w *ledgerWin) HowWon(r family.Rules) error {
	req, t, sr := w.Req, w.Table, r.Ruleset().Settlement
	if req.Discarder != "" {
		if t.Index(req.Discarder) < 0 {
			return unknownPlayer("discarder", req.Discarder, t)
		}
		if req.Discarder == req.Winner {
			return family.Fieldf("%s %s is the winner: nobody wins on their own discard", family.Field("discarder"), req.Discarder)
		}
	}
	k, err := winKind(req.Win, req.Discarder, "NAME")
	if err != nil {
		return err
	}
	if err := family.CheckWin(r.Family(), k); err != nil {
		return err
	}
	if err := sevenFlowersHow(k, req.Discarder, sr, "NAME"); err != nil {
		return err
	}
	if !sr.SelfDrawn(k) && req.Discarder == "" {
		return family.Fieldf("%s %s needs the player who discarded the tile (or whose kong was robbed): %s NAME", family.Field("win"), k, family.Field("discarder"))
	}
	if err := firstTurn(k, w.Table.Players[w.Table.Dealer], w.Winners, req.Discarder); err != nil {
		return err
	}
	w.Hand.Win, w.Hand.Discarder = k, req.Discarder
	return nil
}

// ledgerWorth is one winner's faan or value as given.
type ledgerWorth struct {
	N     int
	Limit bool
}

// Worths reads the unit's flag (--faan or --value): one whole number a winner, or "limit" (faan);
// nil when the flag is not given.
func (w *ledgerWin) Worths(unit string, winners int) ([]ledgerWorth, error) {
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
			return nil, family.Fieldf("%s %s: one winner, one %s", family.Field(unit), text, unit)
		}
		return nil, family.Fieldf("%s %s: give one %s for each of the %d winners, in the order of %s", family.Field(unit), text, unit, winners, family.Field("winner"))
	}
	out := make([]ledgerWorth, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if unit == "faan" && strings.EqualFold(p, "limit") {
			out[i].Limit = true
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || p == "" || p[0] == '+' {
			return nil, family.Fieldf("%s %q: %q is not a whole number", family.Field(unit), text, p)
		}
		if n < 0 {
			return nil, family.Fieldf("%s and %s cannot be negative", family.Field("faan"), family.Field("value"))
		}
		out[i].N = n
	}
	return out, nil
}

// set gives a claim the worth w in the unit.
func (c *ledgerWorth) set(unit string, faan, value *int, limit *bool) {
	if unit == "value" {
		*value = c.N
		return
	}
	*faan, *limit = c.N, c.Limit
}

// Several records a discard that several players won, each with their worth in the unit, under
// the ruleset's multiple_winners rule (see ledger.ResolveClaims): with the points given, the head
// bump still decides who won.
func (w *ledgerWin) Several(r family.Rules, unit string) (recorded, error) {
	var rec recorded
	rules := r.Ruleset().Settlement
	req, h := w.Req, w.Hand
	if h.Discarder == "" || h.Win.SelfDrawn() {
		return rec, family.Fieldf("%s %s: several players win only on one discard: give %s NAME", family.Field("winner"), req.Winner, family.Field("discarder"))
	}
	for _, name := range []string{"hand", "responsible", "limit", "jokerless", "last-tile"} {
		if given(req, name) {
			return rec, family.HintFields(family.Fieldf("%s with several winners: give it for one winner, or record the hand from a referee log", family.Field(name)),
				family.Textf("several winners: %s", family.Either{Line: "--winner A,B --faan 5,3 (--faan 5,limit for a limit hand)",
					HTTP: `{"winner": "A,B", "faan": "5,3"} ("5,limit" for a limit hand)`}))
		}
	}
	worths, err := w.Worths(unit, len(w.Winners))
	if err != nil {
		return rec, err
	}
	if worths == nil && w.Deltas == nil {
		return rec, family.Fieldf("no %s: say what each winner's hand is worth, e.g. %s 5,3", family.Field(unit), family.Field(unit))
	}
	seen := map[string]bool{}
	for i, name := range w.Winners {
		if seen[name] {
			return rec, family.Fieldf("%s %s: %s is named twice", family.Field("winner"), req.Winner, name)
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
		return rec, family.HintFields(family.Usagef("%v", err), family.Textf("give the bumped claimant what a loser pays, or, if every claimant was paid, %s", family.Either{
			Line: "add --set settlement.multiple_winners.as=all --this-hand",
			HTTP: "record the hand under settlement.multiple_winners.as: all, on the command line"}))
	}
	if err != nil {
		return rec, family.SettleError(r.Ruleset(), err)
	}
	rec.Hand, rec.OK, rec.Notes = h, true, []string{note}
	return rec, nil
}

// One records a single winner's hand from its worth in the unit (--faan N, --limit, --value N)
// or the points given; a worth outside what the table pays is not a win.
func (w *ledgerWin) One(r family.Rules, unit, example string) (recorded, error) {
	var rec recorded
	rules := r.Ruleset().Settlement
	req, h := w.Req, w.Hand
	if req.LastTile {
		return rec, family.Fieldf("%s is read when scoring a hand: give %s", family.Field("last-tile"), family.Field("hand"))
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
		return rec, family.HintFields(family.Fieldf("no %s: say what %s's hand is worth, or give the hand with %s", family.Field(unit), h.Winner, family.Field("hand")), family.Textf("%s", family.Flags(example)))
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
func (w *ledgerWin) NoWorthWithHand() error {
	for _, name := range []string{"faan", "value", "limit", "jokerless", "points"} {
		if given(w.Req, name) {
			return family.HintFields(family.Fieldf("%s with %s: what the hand is worth comes from scoring it", family.Field(name), family.Field("hand")),
				family.Textf("drop %s to record the hand from %s, or drop %s", family.Field("hand"), family.Field(name), family.Field(name)))
		}
	}
	if len(w.Req.Hands) > 1 {
		return family.Fieldf("%s is given %d times: give the winner's hand once", family.Field("hand"), len(w.Req.Hands))
	}
	return nil
}

// Responsible sets who pays alone under responsibility (包), --responsible NAME.
func (w *ledgerWin) Responsible() error {
	if r := w.Req.Responsible; r != "" {
		if w.Table.Index(r) < 0 {
			return unknownPlayer("responsible", r, w.Table)
		}
		w.Hand.Responsible = r
	}
	return nil
}

// Situation is the situation the winner's hand is scored in: the winner's seat and this hand's
// prevailing wind.
func (w *ledgerWin) Situation() family.Situation {
	t, h := w.Table, w.Hand
	d := notation.NoSeat
	if h.Discarder != "" {
		d = t.Seat(h.Discarder)
	}
	return family.Situation{Situation: scoring.Situation{Seat: t.Seat(h.Winner), Prevailing: t.Prevailing, Win: h.Win,
		Discarder: d, LastTile: w.Req.LastTile}}
}

// recordWin is recordHand for a family whose hands are worth a number in its unit (faan, value):
// a drawn hand, a false win, several winners of one discard, a single winner's worth as given, or
// the winner's hand (--hand), scored at the winner's seat by r and read by k.
func recordWin(r family.Rules, k WinRecorder, req LedgerRequest, t ledger.Table) (recorded, error) {
	unit := k.LedgerUnit()
	worth := map[string]string{"faan": "--faan 5", "value": "--value 25"}[unit]
	rec, w, done, err := readLedgerHand(&req, t, worth)
	if err != nil || done {
		return rec, err
	}
	if err := w.HowWon(r); err != nil {
		return rec, err
	}
	if err := w.Responsible(); err != nil {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return w.Several(r, unit)
	}
	if len(req.Hands) == 0 {
		return w.One(r, unit, k.LedgerExample())
	}
	if err := w.NoWorthWithHand(); err != nil {
		return rec, err
	}
	hand, err := notation.ParseWith(req.Hands[0], r.Family().Notation())
	if err != nil {
		return rec, err
	}
	sit := w.Situation()
	sc, err := r.Score(&hand, sit)
	if err != nil {
		return rec, err
	}
	w.Hand.Tiles = sc.Head().Hand
	w.Hand.Misnamed = req.Misnamed
	rec.Hand, rec.Tiles, rec.Score = w.Hand, w.Hand.Tiles, sc
	ok, reason, notes, err := k.RecordScored(&rec.Hand, t, &hand, sit.Situation, sc)
	rec.OK, rec.Reason, rec.Notes = ok, reason, append(rec.Notes, notes...)
	return rec, err
}

// recordTable is recordHand for a family that records every player's points (DeBurger): given
// (--points) or scored from the four hands (--hand NAME=HAND each), and who went Mahjong.
func recordTable(r family.Rules, k TableRecorder, req LedgerRequest, t ledger.Table) (recorded, error) {
	rec, w, done, err := readLedgerHand(&req, t, `--points "..."`)
	if err != nil || done {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return rec, family.Fieldf("%s %s: one player goes Mahjong in a DeBurger hand", family.Field("winner"), req.Winner)
	}
	h := w.Hand
	switch {
	case len(req.Hands) > 0 && w.Deltas != nil:
		return rec, family.Fieldf("%s and %s: give the four hands or their points, not both", family.Field("hand"), family.Field("points"))
	case len(req.Hands) == 0 && w.Deltas == nil:
		return rec, family.HintFields(family.Usagef("no points: every player scores each hand"),
			family.Textf("%s", family.Flags(`give --points "`+strings.Join(t.Names(), "=..,")+`=.." or the four hands with --hand NAME=HAND`)))
	}
	if w.Deltas != nil {
		// How the hand was won is kept for the record when given; the points are already counted.
		if req.Win != "" || req.Discarder != "" {
			if err := w.HowWon(r); err != nil {
				return rec, err
			}
			h.Win, h.Discarder = w.Hand.Win, w.Hand.Discarder
		} else {
			h.HowUnknown = true // recorded as given: not as a self-draw nobody declared
		}
		h.Deltas = w.Deltas
		rec.Hand, rec.OK = h, true
		return rec, nil
	}
	if err := w.HowWon(r); err != nil {
		return rec, err
	}
	h = w.Hand
	texts, err := playerValues("hand", req.Hands, t)
	if err != nil {
		return rec, err
	}
	var hands [4]*notation.Hand
	for i, text := range texts {
		hd, err := notation.ParseWith(text, r.Family().Notation())
		if err != nil {
			return rec, fmt.Errorf("--hand %s: %w", t.Players[i], err)
		}
		if err := family.RefuseJokers(&hd, r.Family()); err != nil {
			return rec, fmt.Errorf("--hand %s: %w", t.Players[i], err)
		}
		hands[t.Seats[i]] = &hd
	}
	mahjong := t.Seat(h.Winner)
	pts, notWin, err := k.ScoreLedgerTable(hands, mahjong, h.Win)
	if err != nil {
		return rec, err
	}
	if notWin != "" {
		rec.Tiles = notation.Format(*hands[mahjong])
		rec.Hand, rec.Reason = h, fmt.Sprintf("%s went Mahjong, but the hand is not a win: %s", h.Winner, notWin)
		return rec, nil
	}
	h.Tiles = notation.Format(*hands[mahjong])
	d := ledger.ByPlayer(settle.Deltas{ledger.Whole(int64(pts[0])), ledger.Whole(int64(pts[1])), ledger.Whole(int64(pts[2])), ledger.Whole(int64(pts[3]))}, t)
	h.Deltas = d[:]
	rec.Hand, rec.OK = h, true
	return rec, nil
}

// jsonExample is an example of a flag and its value ("--faan 5") as an HTTP request's field
// (`"faan": 5`).
func jsonExample(flag string) string {
	name, value, _ := strings.Cut(strings.TrimPrefix(flag, "--"), " ")
	return `"` + strings.ReplaceAll(name, "-", "_") + `": ` + value
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
