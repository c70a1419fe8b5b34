package engine

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/schema"
)

// SeasonOptions say which evenings make a season and how they are counted.
type SeasonOptions struct {
	// Paths are ledger files, or directories whose *.jsonl files are ledgers (in name order).
	Paths []string
	// SkipBroken leaves out a ledger that does not verify, naming it, instead of refusing the
	// season.
	SkipBroken bool
	// Aliases are "NAME=PLAYER": the player written NAME in some evenings is PLAYER.
	Aliases []string
	// Normalise are "FAMILY=RATE": one point of FAMILY's evenings counts RATE points of the
	// season's unit (the family given no rate). A season of evenings of several families needs
	// a rate for all of them but one.
	Normalise []string
	// Explain names a player whose net is traced to every hand of every evening.
	Explain string
	// Placings are tournament points by place at each evening ("4,2,1,0": first 4, second 2, ...);
	// empty for none. See SeasonTournament.
	Placings string
}

// SeasonView is a season: the evenings counted and left out, and the standings across them (the
// document mjref season -o json prints, schema/season.json).
type SeasonView struct {
	// Unit is what the nets are in: the family of the evenings ("hk": Hong Kong points), or of the
	// evenings given no rate when --normalise converts others to it.
	Unit string `json:"unit"`
	// Rates are the conversions --normalise gave, one a family.
	Rates    []SeasonRate    `json:"rates"`
	Evenings []SeasonEvening `json:"evenings"`
	// LeftOut are the ledgers that do not verify, left out with --skip-broken.
	LeftOut   []SeasonLeftOut  `json:"left_out"`
	Standings []SeasonStanding `json:"standings"`
	// Ties say how players with equal nets were ordered, or that they share a rank.
	Ties []string `json:"ties"`
	// Explain traces one player's net to every hand, with --explain.
	Explain *SeasonExplain `json:"explain,omitempty"`
	// Tournament is the standings by points for places at each evening, with --placings.
	Tournament *SeasonTournament `json:"tournament,omitempty"`
	Warnings   []string          `json:"warnings"`
}

// SeasonRate is one family's conversion into the season's unit.
type SeasonRate struct {
	Family string        `json:"family"`
	Rate   ledger.Amount `json:"rate"` // one point of the family counts this many of the unit
}

// SeasonEvening is one evening counted, in the season's order (the time its game began, then the
// file name).
type SeasonEvening struct {
	Number  int       `json:"number"` // from 1, in the season's order
	File    string    `json:"file"`
	Ruleset string    `json:"ruleset"`
	Family  string    `json:"family"`
	Began   time.Time `json:"began,omitzero"`
	Hands   int       `json:"hands"`
	// Players are everyone who sat at the table, as the season names them (after --alias).
	Players []string `json:"players"`
	// Amended counts the hands whose result was corrected; SeatChanges the players who sat down
	// after the start.
	Amended     int `json:"amended"`
	SeatChanges int `json:"seat_changes"`
	// Rate is what one of the evening's points counts in the season's unit (1 unless normalised).
	Rate ledger.Amount `json:"rate"`
	// PaymentsChecked says every payment was recomputed from its recorded result and matched;
	// false when the evening's ruleset could not be loaded (a warning says so).
	PaymentsChecked bool `json:"payments_checked"`
}

// SeasonLeftOut is a ledger that does not verify: the first line that does not fit.
type SeasonLeftOut struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Problem string `json:"problem"`
}

// SeasonStanding is one player's season.
type SeasonStanding struct {
	Rank   int    `json:"rank"` // 1 for the leader; players equal on every tiebreak share a rank
	Player string `json:"player"`
	// Names are the other names the player was written as (--alias), in the order met.
	Names    []string      `json:"names"`
	Evenings int           `json:"evenings"`
	Hands    int           `json:"hands"`
	Net      ledger.Amount `json:"net"`
	// PerHand is Net over Hands, to 2 decimal places (0 without hands).
	PerHand   ledger.Amount `json:"per_hand"`
	Wins      int           `json:"wins"`
	SelfDraws int           `json:"self_draws"`
	// DealIns counts hands won on the player's discard (one discard won by two is one deal-in).
	DealIns int `json:"deal_ins"`
	// Responsible counts the hands paid for under 包; ResponsiblePaid what was paid in them.
	Responsible     int           `json:"responsible"`
	ResponsiblePaid ledger.Amount `json:"responsible_paid"`
	FalseWins       int           `json:"false_wins"`
	Biggest         *SeasonHand   `json:"biggest,omitempty"`
	WinStreak       *SeasonStreak `json:"win_streak,omitempty"`
	// ByEvening is the player's net at each evening they played, and their season's net after it.
	ByEvening []SeasonEveningNet `json:"by_evening"`
	Plus      int                `json:"plus_evenings"` // evenings ended ahead
	PlusRun   int                `json:"plus_run"`      // most evenings in a row ended ahead
	MinusRun  int                `json:"minus_run"`     // most evenings in a row ended behind
	evenNets  []ledger.Amount
}

// SeasonTournament is a "points per game" table: at each evening the players are placed by their
// net there, and each place is worth points (players with equal nets share the points of the
// places they take, equally); the standings are by points, then by net.
//
// A season of riichi evenings without --placings is a table of riichi points instead (Basis
// "uma"): each evening counts each player's result after uma and oka, as the ledger's standings
// give it at the evening's end (gamerules.UmaResults: the stack rounded to thousands, less the
// return, plus the uma of the place, the oka to the first), and places are the places of those
// stacks (equal stacks in seat order from the first dealer).
type SeasonTournament struct {
	// Basis is "placings" (--placings) or "uma" (riichi results after uma and oka).
	Basis     string          `json:"basis"`
	Points    []ledger.Amount `json:"points"` // placings: for first place, second, ...; a place beyond them is 0
	Standings []SeasonPlacing `json:"standings"`
}

// SeasonPlacing is one player's tournament standing.
type SeasonPlacing struct {
	Rank   int    `json:"rank"`
	Player string `json:"player"`
	Games  int    `json:"games"`
	// Places counts the evenings the player placed first, second, ... (a shared place counts as
	// the best of the places shared).
	Places  []int         `json:"places"`
	Points  ledger.Amount `json:"points"`
	PerGame ledger.Amount `json:"per_game"` // points over games, to 2 decimal places
	Net     ledger.Amount `json:"net"`
}

// SeasonEveningNet is a player's net at one evening, and their season's net after it.
type SeasonEveningNet struct {
	Evening int           `json:"evening"`
	Net     ledger.Amount `json:"net"`
	Total   ledger.Amount `json:"total"`
}

// SeasonHand is one winner's hand: the evening, the hand, its worth and what the winner took.
type SeasonHand struct {
	Evening int           `json:"evening"`
	File    string        `json:"file"`
	Hand    int           `json:"hand"`
	Faan    int           `json:"faan,omitempty"`
	Value   int           `json:"value,omitempty"`
	Limit   bool          `json:"limit,omitempty"`
	Gain    ledger.Amount `json:"gain"` // in the season's unit
	// Worth is the win's worth as its ledger writes it ("5 faan", "3 han 30 fu", "a yakuman").
	Worth  string `json:"worth,omitempty"`
	Result string `json:"result"`
}

// SeasonStreak is the most hands in a row a player won, at one evening.
type SeasonStreak struct {
	Hands   int    `json:"hands"`
	Evening int    `json:"evening"`
	File    string `json:"file"`
	From    int    `json:"from"` // the first hand's number
	To      int    `json:"to"`
}

// SeasonExplain traces a player's net to every hand they played.
type SeasonExplain struct {
	Player   string                 `json:"player"`
	Names    []string               `json:"names"` // every name the player was written as
	Evenings []SeasonExplainEvening `json:"evenings"`
	Net      ledger.Amount          `json:"net"`
}

// SeasonExplainEvening is one evening of an explained player: each hand, and the total.
type SeasonExplainEvening struct {
	Evening int    `json:"evening"`
	File    string `json:"file"`
	Name    string `json:"name"` // as the ledger names the player
	// Total is the player's total in the ledger (its own unit); Counted what the season counts.
	Total   ledger.Amount  `json:"total"`
	Counted ledger.Amount  `json:"counted"`
	Rate    ledger.Amount  `json:"rate"`
	Hands   []SeasonSource `json:"hands"`
}

// SeasonSource is one hand of an explained player: its result, the player's change as the ledger
// records it (verified against the ruleset), what the season counts of it, and the running net.
type SeasonSource struct {
	Hand    int    `json:"hand"`
	Result  string `json:"result"`
	Amended bool   `json:"amended,omitempty"`
	// Payments are the hand's payments to and from the player, as the ruleset settles the
	// recorded result again (the computation of the change); none when nothing was paid to or by
	// the player, or the hand's points were recorded as given.
	Payments []schema.LedgerPayment `json:"payments"`
	Change   ledger.Amount          `json:"change"`
	Counted  ledger.Amount          `json:"counted"`
	Net      ledger.Amount          `json:"net"` // the season's running net after the hand
}

// SeasonBrokenError is a season refused because some of its ledgers do not verify.
type SeasonBrokenError struct {
	Total  int                   // ledgers given
	Broken []*ledger.RecordError // each broken ledger's first problem
}

func (e *SeasonBrokenError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %s %s not verify, so the season is not counted:", len(e.Broken), words.Count(e.Total, "ledger"), words.Verb(len(e.Broken), "does", "do"))
	for _, r := range e.Broken {
		b.WriteString("\n  " + r.Error())
	}
	return b.String()
}

// Unwrap lets errors.As find each ledger's problem.
func (e *SeasonBrokenError) Unwrap() []error {
	out := make([]error, len(e.Broken))
	for i, r := range e.Broken {
		out[i] = r
	}
	return out
}

// seasonEvening is an evening read: its state and how it is counted.
type seasonEvening struct {
	path   string
	ledger *Ledger // the game, under its ruleset
	st     ledger.State
	rate   ledger.Amount
	view   SeasonEvening
}

// Season reads every ledger given, verifying each (its chain, and every payment recomputed under
// its ruleset) before it counts, and gives the standings across them. A ledger that does not
// verify refuses the season (a *SeasonBrokenError, bad input) unless opt.SkipBroken leaves it out.
func Season(opt SeasonOptions) (SeasonView, error) {
	v := SeasonView{Rates: []SeasonRate{}, Evenings: []SeasonEvening{}, LeftOut: []SeasonLeftOut{}, Standings: []SeasonStanding{}, Ties: []string{}, Warnings: []string{}}
	paths, err := seasonPaths(opt.Paths)
	if err != nil {
		return v, err
	}
	alias, err := parseAliases(opt.Aliases)
	if err != nil {
		return v, err
	}
	placings, err := parsePlacings(opt.Placings)
	if err != nil {
		return v, err
	}
	rates, err := parseRates(opt.Normalise)
	if err != nil {
		return v, err
	}
	var evenings []*seasonEvening
	var broken []*ledger.RecordError
	engines := map[string]*Ledger{} // by ruleset and overrides: a ruleset is loaded once
	for _, path := range paths {
		ev, bad, warnings, err := readEvening(path, engines)
		v.Warnings = append(v.Warnings, warnings...)
		switch {
		case err != nil:
			return v, err
		case bad != nil:
			broken = append(broken, bad)
		default:
			evenings = append(evenings, ev)
		}
	}
	if len(broken) > 0 {
		if !opt.SkipBroken {
			return v, family.WithHint(&SeasonBrokenError{Total: len(paths), Broken: broken},
				"'mjref ledger verify FILE' lists every problem of a ledger; --skip-broken leaves the broken ones out and counts the others")
		}
		for _, b := range broken {
			v.LeftOut = append(v.LeftOut, SeasonLeftOut{File: b.Path, Line: b.Line, Problem: b.Msg})
			v.Warnings = append(v.Warnings, fmt.Sprintf("warning: %s: left out (--skip-broken): it does not verify", b.Path))
		}
	}
	if len(evenings) == 0 {
		return v, family.WithHint(errors.New("no ledger of the season verifies: there is nothing to count"), "'mjref ledger verify FILE' lists every problem of a ledger")
	}
	if err := sameEvenings(evenings); err != nil {
		return v, err
	}
	slices.SortStableFunc(evenings, func(a, b *seasonEvening) int {
		return cmp.Or(a.st.Created.Compare(b.st.Created), cmp.Compare(a.path, b.path))
	})
	if v.Unit, err = seasonUnit(evenings, rates, &v); err != nil {
		return v, err
	}
	t := newTally(alias, opt.Explain)
	t.placings = placings
	if placings == nil {
		t.uma = true // every evening ends with uma and oka: a table of riichi points
		for _, ev := range evenings {
			t.uma = t.uma && len(ev.st.Flow.Uma) == 4
		}
	}
	for i, ev := range evenings {
		ev.view.Number = i + 1
		if err := t.evening(ev); err != nil {
			return v, err
		}
		v.Evenings = append(v.Evenings, ev.view)
	}
	v.Standings, v.Ties = t.standings()
	v.Tournament = t.tournament()
	if opt.Explain != "" {
		x, err := t.explained()
		if err != nil {
			return v, err
		}
		v.Explain = x
	}
	if t.overflow {
		return v, family.WithHint(family.Usagef("the season's sums are past what mjref counts exactly (%s either way)", ledger.Amount(math.MaxInt64)),
			"no club's season comes near: check the --normalise rates, and the ledgers' hands ('mjref ledger show FILE')")
	}
	return v, nil
}

// seasonPaths lists the ledger files: each file given, and each directory's *.jsonl files (not
// hidden ones: a ledger's state cache is .FILE.state) in name order. A file given twice is refused.
func seasonPaths(args []string) ([]string, error) {
	if len(args) == 0 {
		return nil, family.Usagef("season needs ledger files, or a directory of them")
	}
	var out []string
	seen := map[string]string{}
	add := func(p, as string) error {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		if first, ok := seen[abs]; ok {
			return family.WithHint(fmt.Errorf("%s is given twice (as %s and %s): an evening counts once", p, first, as), "name each ledger once")
		}
		seen[abs] = as
		out = append(out, p)
		return nil
	}
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, ledgerError(a, err)
		}
		if !fi.IsDir() {
			if err := add(a, a); err != nil {
				return nil, err
			}
			continue
		}
		entries, err := os.ReadDir(a)
		if err != nil {
			return nil, family.WithHint(err, "name a directory mjref can read, or the ledger files")
		}
		n := 0
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".jsonl") {
				continue
			}
			p := filepath.Join(a, name)
			if err := add(p, p); err != nil {
				return nil, err
			}
			n++
		}
		if n == 0 {
			return nil, family.WithHint(fmt.Errorf("%s: no ledger files (*.jsonl) in the directory", a), "a season reads the ledgers 'mjref ledger new' wrote, FILE.jsonl")
		}
	}
	return out, nil
}

// parseAliases reads "NAME=PLAYER" pairs.
func parseAliases(list []string) (map[string]string, error) {
	alias := map[string]string{}
	for _, a := range list {
		from, to, ok := strings.Cut(a, "=")
		from, to = strings.TrimSpace(from), strings.TrimSpace(to)
		if !ok || from == "" || to == "" {
			return nil, family.WithHint(family.Usagef("--alias %q: expected NAME=PLAYER", a), `the name as one ledger writes it, then the player as the season names them: --alias "陳大文=Tai Man"`)
		}
		if from == to {
			return nil, family.Usagef("--alias %q: a name is not an alias of itself", a)
		}
		if prev, ok := alias[from]; ok && prev != to {
			return nil, family.Usagef("--alias %q: %s is already an alias of %s", a, from, prev)
		}
		alias[from] = to
	}
	for from, to := range alias {
		if next, ok := alias[to]; ok {
			return nil, family.WithHint(family.Usagef("--alias %s=%s: %s is itself an alias of %s", from, to, to, next), "name the player each alias stands for directly: --alias "+from+"="+next)
		}
	}
	return alias, nil
}

// parseRates reads "FAMILY=RATE" pairs (a value may hold several, comma-separated).
func parseRates(list []string) (map[string]ledger.Amount, error) {
	rates := map[string]ledger.Amount{}
	for _, item := range list {
		for r := range strings.SplitSeq(item, ",") {
			fam, num, ok := strings.Cut(strings.TrimSpace(r), "=")
			if !ok {
				return nil, family.WithHint(family.Usagef("--normalise %q: expected FAMILY=RATE", r), "one point of the family's evenings counts RATE points of the others': --normalise american=0.5")
			}
			if _, known := family.Lookup(fam); !known {
				return nil, family.Usagef("--normalise %q: unknown family %q (the families are %s)", r, fam, strings.Join(family.IDs(), ", "))
			}
			rate, err := settle.ParseAmount(num)
			if err != nil || rate <= 0 {
				return nil, family.Usagef("--normalise %q: the rate must be a number above 0 with at most four decimals", r)
			}
			if prev, ok := rates[fam]; ok && prev != rate {
				return nil, family.Usagef("--normalise: %s is given two rates, %s and %s", fam, prev, rate)
			}
			rates[fam] = rate
		}
	}
	return rates, nil
}

// readEvening reads one ledger, verified: its chain, its seqs and (when its ruleset loads) every
// payment recomputed. bad is its first problem when it does not verify; err is a file that cannot
// be read at all (missing, not a regular file, too big).
func readEvening(path string, engines map[string]*Ledger) (ev *seasonEvening, bad *ledger.RecordError, warnings []string, err error) {
	h, err := readHeader(path)
	if errors.As(err, &bad) {
		return nil, bad, nil, nil
	}
	if err != nil {
		return nil, nil, nil, ledgerError(path, err)
	}
	key := h.Ruleset + "\x00" + h.Family + "\x00" + strings.Join(h.Sets, "\x00")
	l, ok := engines[key]
	if !ok {
		l = &Ledger{header: h}
		e, err := Open(h.Ruleset, Options{Set: h.Sets})
		switch {
		case err != nil:
			l.rulesErr = err
		case e.Ruleset().Family != h.Family:
			l.rulesErr = fmt.Errorf("ruleset %s is family %s, but the game was started as %s", h.Ruleset, e.Ruleset().Family, h.Family)
		default:
			l.engine = e
		}
		engines[key] = l
	}
	at := *l
	at.path, at.header = path, h
	st, err := ledger.Read(path, at.options()...)
	if errors.As(err, &bad) {
		return nil, bad, nil, nil
	}
	if err != nil {
		return nil, nil, nil, ledgerError(path, err)
	}
	if d := st.Diverged(); d != nil {
		var re *ledger.RecordError
		if errors.As(d, &re) {
			return nil, re, nil, nil
		}
		return nil, &ledger.RecordError{Path: path, Msg: d.Error()}, nil, nil
	}
	warnings = at.unchecked()
	if st.Torn != nil {
		warnings = append(warnings, fmt.Sprintf("warning: %s: %s", path, st.Torn))
	}
	ev = &seasonEvening{path: path, ledger: &at, st: st, view: SeasonEvening{File: path, Ruleset: st.Ruleset, Family: st.Family, Began: st.Created,
		Hands: len(st.History), SeatChanges: max(len(st.People)-4, 0), PaymentsChecked: at.ChecksPayments()}}
	if filepath.IsAbs(ev.view.Ruleset) {
		ev.view.Ruleset = filepath.Base(ev.view.Ruleset)
	}
	for _, e := range st.History {
		if e.Amended > 0 {
			ev.view.Amended++
		}
	}
	return ev, nil, warnings, nil
}

// sameEvenings refuses one game given under two names (a copy, or a copy that went on): it would
// count twice. Two records are one game when they begin alike (the same moment, players and
// ruleset) and the hands of the shorter are the first hands of the longer.
func sameEvenings(evenings []*seasonEvening) error {
	type id struct {
		created time.Time
		players [4]string
		ruleset string
	}
	seen := map[id][]*seasonEvening{}
	for _, ev := range evenings {
		if ev.st.Created.IsZero() || len(ev.st.History) == 0 {
			continue
		}
		k := id{ev.st.Created, ev.st.Header.Players, ev.st.Ruleset}
		for _, other := range seen[k] {
			if samePrefix(other.st.History, ev.st.History) {
				return family.WithHint(fmt.Errorf("%s and %s are the same game (begun at the same moment by the same players, with the same hands): an evening counts once", other.path, ev.path),
					"a copy of a ledger is the same evening: give one of them (the one with every hand)")
			}
		}
		seen[k] = append(seen[k], ev)
	}
	return nil
}

// samePrefix says whether the shorter history is the start of the longer.
func samePrefix(a, b []ledger.Entry) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := range a {
		if a[i].Seq != b[i].Seq || a[i].Deltas != b[i].Deltas || a[i].Players != b[i].Players || a[i].Hand.String() != b[i].Hand.String() {
			return false
		}
	}
	return true
}

// seasonUnit decides what the nets are in: the one family of the evenings, or with rates the
// family given none. Mixed families without rates are refused.
func seasonUnit(evenings []*seasonEvening, rates map[string]ledger.Amount, v *SeasonView) (string, error) {
	count := map[string]int{}
	var fams []string
	for _, ev := range evenings {
		if count[ev.st.Family] == 0 {
			fams = append(fams, ev.st.Family)
		}
		count[ev.st.Family]++
	}
	var unrated []string
	for _, f := range fams {
		if _, ok := rates[f]; !ok {
			unrated = append(unrated, f)
		}
	}
	if len(unrated) > 1 {
		parts := make([]string, len(fams))
		for i, f := range fams {
			parts[i] = fmt.Sprintf("%s (%s)", f, words.Count(count[f], "evening"))
		}
		return "", family.WithHint(fmt.Errorf("the season mixes families %s: their points are not one unit, so they cannot be added", strings.Join(parts, " and ")),
			fmt.Sprintf("--normalise %s=RATE counts one %s point as RATE %s points (give a rate for every family but one), or give the evenings of one family", unrated[1], unrated[1], unrated[0]))
	}
	unit := "normalised"
	if len(unrated) == 1 {
		unit = unrated[0]
	}
	for _, f := range fams {
		if r, ok := rates[f]; ok {
			v.Rates = append(v.Rates, SeasonRate{Family: f, Rate: r})
		}
	}
	for _, ev := range evenings {
		ev.rate = settle.Unit
		if r, ok := rates[ev.st.Family]; ok {
			ev.rate = r
		}
		ev.view.Rate = ev.rate
	}
	return unit, nil
}

// scale is a × rate, rounded half away from zero to the Amount's precision; ok is false when it
// does not fit an Amount.
func scale(a, rate ledger.Amount) (_ ledger.Amount, ok bool) {
	if rate == settle.Unit {
		return a, true
	}
	p := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(rate)))
	u := big.NewInt(int64(settle.Unit))
	q, r := new(big.Int).QuoRem(p, u, new(big.Int))
	if new(big.Int).Abs(r).Cmp(new(big.Int).Quo(u, big.NewInt(2))) >= 0 {
		if p.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	if !q.IsInt64() {
		return 0, false
	}
	return ledger.Amount(q.Int64()), true
}

// tally adds up the evenings, player by player.
type tally struct {
	placings []ledger.Amount // tournament points by place, nil for none
	uma      bool            // a riichi table: each evening's results after uma and oka
	placed   []placed        // this evening's players and nets, for placings
	alias    map[string]string
	explain  string
	order    []string
	players  map[string]*SeasonStanding
	x        *SeasonExplain

	tour      map[string]*SeasonPlacing
	tourOrder []string

	// overflow is set when a sum or a rate's product left the Amount's exact range: every sum
	// goes through add and scale, so that a season of crafted ledgers or a wild rate is refused
	// (Season) rather than counted wrong.
	overflow bool
}

// add adds d to *dst, or marks the tally overflowed and leaves *dst as it was.
func (t *tally) add(dst *ledger.Amount, d ledger.Amount) {
	sum, err := dst.Add(d)
	if err != nil {
		t.overflow = true
		return
	}
	*dst = sum
}

// scale is the package's scale, marking the tally overflowed (and giving 0) when the product does
// not fit.
func (t *tally) scale(a, rate ledger.Amount) ledger.Amount {
	v, ok := scale(a, rate)
	if !ok {
		t.overflow = true
	}
	return v
}

func newTally(alias map[string]string, explain string) *tally {
	t := &tally{alias: alias, explain: explain, players: map[string]*SeasonStanding{}, tour: map[string]*SeasonPlacing{}}
	if explain != "" {
		t.x = &SeasonExplain{Player: explain, Names: []string{}, Evenings: []SeasonExplainEvening{}}
	}
	return t
}

// name is the player the season knows by the name a ledger writes.
func (t *tally) name(n string) string {
	if to, ok := t.alias[n]; ok {
		return to
	}
	return n
}

func (t *tally) player(name, written string) *SeasonStanding {
	p, ok := t.players[name]
	if !ok {
		p = &SeasonStanding{Player: name, Names: []string{}, ByEvening: []SeasonEveningNet{}}
		t.players[name] = p
		t.order = append(t.order, name)
	}
	if written != name && !slices.Contains(p.Names, written) {
		p.Names = append(p.Names, written)
	}
	return p
}

// evening counts one evening: the ledger's own figures (ledger.State.Summary), and from its
// history each hand's change (for the nets, the streaks and --explain).
func (t *tally) evening(ev *seasonEvening) error {
	st := &ev.st
	sum := st.Summary()
	names := map[string]string{} // the season's name → the ledger's
	for _, ps := range sum.Players {
		n := t.name(ps.Player)
		if other, ok := names[n]; ok {
			return family.WithHint(fmt.Errorf("%s: %s and %s both sat at the table, but --alias makes them one player, %s", ev.path, other, ps.Player, n),
				"an alias joins one person's two spellings across evenings: two players of one evening are two people")
		}
		names[n] = ps.Player
		ev.view.Players = append(ev.view.Players, n)
		p := t.player(n, ps.Player)
		p.Evenings++
		p.Hands += ps.Hands
		p.Wins += ps.Wins
		p.SelfDraws += ps.SelfDraws
		p.DealIns += ps.DealIns
		p.Responsible += ps.Responsible
		t.add(&p.ResponsiblePaid, t.scale(ps.ResponsiblePaid, ev.rate))
		p.FalseWins += ps.FalseWins
		if b := ps.Biggest; b != nil {
			h := &SeasonHand{Evening: ev.view.Number, File: ev.path, Hand: b.Number, Faan: b.Faan, Value: b.Value, Limit: b.Limit, Gain: t.scale(b.Gain, ev.rate), Worth: b.Worth, Result: b.Result}
			if p.Biggest == nil || h.Gain > p.Biggest.Gain {
				p.Biggest = h
			}
		}
	}
	// Each hand's change, as recorded (and verified): the nets are their sum, which must be the
	// ledger's own totals.
	net := map[string]ledger.Amount{}
	raw := map[string]ledger.Amount{}
	run := map[string]*SeasonStreak{}
	var xe *SeasonExplainEvening
	for _, e := range st.History {
		winners := e.Hand.Winners()
		for i, written := range e.Players {
			n := t.name(written)
			d := t.scale(e.Deltas[i], ev.rate)
			nv, rv := net[n], raw[n]
			t.add(&nv, d)
			t.add(&rv, e.Deltas[i])
			net[n], raw[n] = nv, rv
			p := t.players[n]
			if slices.Contains(winners, written) {
				s := run[n]
				if s == nil {
					s = &SeasonStreak{Evening: ev.view.Number, File: ev.path, From: e.Number}
					run[n] = s
				}
				s.Hands++
				s.To = e.Number
				if p.WinStreak == nil || s.Hands > p.WinStreak.Hands {
					c := *s
					p.WinStreak = &c
				}
			} else {
				run[n] = nil
			}
			if t.x != nil && n == t.explain {
				if xe == nil {
					xe = &SeasonExplainEvening{Evening: ev.view.Number, File: ev.path, Name: written, Rate: ev.rate, Hands: []SeasonSource{}}
				}
				t.add(&t.x.Net, d)
				xe.Hands = append(xe.Hands, SeasonSource{Hand: e.Number, Result: e.Hand.String(), Amended: e.Amended > 0, Payments: ev.payments(&e, written),
					Change: e.Deltas[i], Counted: d, Net: t.x.Net})
			}
		}
	}
	for _, ps := range sum.Players {
		n := t.name(ps.Player)
		if raw[n] != ps.Total {
			return fmt.Errorf("%s: %s's hands add up to %s, but the ledger's total is %s", ev.path, ps.Player, raw[n], ps.Total)
		}
		p := t.players[n]
		t.add(&p.Net, net[n])
		p.evenNets = append(p.evenNets, net[n])
		p.ByEvening = append(p.ByEvening, SeasonEveningNet{Evening: ev.view.Number, Net: net[n], Total: p.Net})
		if t.placings != nil {
			t.placed = append(t.placed, placed{n, net[n]})
		}
		if net[n] > 0 {
			p.Plus++
		}
		if t.x != nil && n == t.explain {
			if xe == nil { // seated, no hand played
				xe = &SeasonExplainEvening{Evening: ev.view.Number, File: ev.path, Name: ps.Player, Rate: ev.rate, Hands: []SeasonSource{}}
			}
			xe.Total, xe.Counted = ps.Total, net[n]
			if !slices.Contains(t.x.Names, ps.Player) {
				t.x.Names = append(t.x.Names, ps.Player)
			}
		}
	}
	if xe != nil {
		t.x.Evenings = append(t.x.Evenings, *xe)
	}
	t.place()
	if t.uma {
		t.umaPoints(st, ev.rate)
	}
	return nil
}

// umaPoints counts the evening st's results after uma and oka (ledger.Standing.Result) in the
// riichi table, with each player's place by stack (gamerules.Places: equal stacks in seat order
// from the first dealer). A player who left before the end has no result there.
func (t *tally) umaPoints(st *ledger.State, rate ledger.Amount) {
	var stacks [4]ledger.Amount
	result := map[string]*ledger.Amount{}
	for _, s := range st.Standings() { // once: it sorts and reckons the results
		if !s.Left {
			result[s.Player] = s.Result
			stacks[st.Index(s.Player)] = s.Stack
		}
	}
	for place, i := range gamerules.Places(stacks[:], 0) {
		written := st.Players[i]
		r := result[written]
		if r == nil {
			continue
		}
		n := t.name(written)
		tp := t.tour[n]
		if tp == nil {
			tp = &SeasonPlacing{Player: n, Places: make([]int, 4)}
			t.tour[n] = tp
			t.tourOrder = append(t.tourOrder, n)
		}
		tp.Games++
		tp.Places[place]++
		t.add(&tp.Points, t.scale(*r, rate))
		t.add(&tp.Net, t.scale(st.Totals[i], rate))
	}
}

// placed is a player's net at one evening, for placings.
type placed struct {
	player string
	net    ledger.Amount
}

// place gives the evening's players their places and points.
func (t *tally) place() {
	if t.placings == nil {
		return
	}
	ps := t.placed
	t.placed = nil
	slices.SortStableFunc(ps, func(a, b placed) int { return cmp.Compare(b.net, a.net) })
	for i := 0; i < len(ps); {
		j := i
		for j < len(ps) && ps[j].net == ps[i].net {
			j++
		}
		// Places i..j-1 are shared: their points, equally.
		var sum ledger.Amount
		for k := i; k < j; k++ {
			if k < len(t.placings) {
				t.add(&sum, t.placings[k])
			}
		}
		share := sum / ledger.Amount(j-i)
		for k := i; k < j; k++ {
			tp := t.tour[ps[k].player]
			if tp == nil {
				tp = &SeasonPlacing{Player: ps[k].player, Places: make([]int, len(t.placings))}
				t.tour[ps[k].player] = tp
				t.tourOrder = append(t.tourOrder, ps[k].player)
			}
			tp.Games++
			t.add(&tp.Net, ps[k].net)
			t.add(&tp.Points, share)
			if i < len(tp.Places) {
				tp.Places[i]++
			}
		}
		i = j
	}
}

// tournament is the standings by placing points, then net; equal on both, a shared rank.
func (t *tally) tournament() *SeasonTournament {
	if t.placings == nil && !t.uma {
		return nil
	}
	st := &SeasonTournament{Basis: "placings", Points: t.placings, Standings: []SeasonPlacing{}}
	if t.uma {
		st.Basis, st.Points = "uma", []ledger.Amount{}
	}
	for _, n := range t.tourOrder {
		p := *t.tour[n]
		p.PerGame = perHand(p.Points, p.Games)
		st.Standings = append(st.Standings, p)
	}
	slices.SortStableFunc(st.Standings, func(a, b SeasonPlacing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Net, a.Net))
	})
	for i := range st.Standings {
		st.Standings[i].Rank = i + 1
		if i > 0 && st.Standings[i].Points == st.Standings[i-1].Points && st.Standings[i].Net == st.Standings[i-1].Net {
			st.Standings[i].Rank = st.Standings[i-1].Rank
		}
	}
	return st
}

// parsePlacings reads "4,2,1,0".
func parsePlacings(s string) ([]ledger.Amount, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []ledger.Amount
	for f := range strings.SplitSeq(s, ",") {
		a, err := settle.ParseAmount(strings.TrimSpace(f))
		if err != nil {
			return nil, family.WithHint(family.Usagef("--placings %q: %v", s, err), "the points for first place, second, ...: --placings 4,2,1,0")
		}
		out = append(out, a)
	}
	return out, nil
}

// payments are hand e's payments to and from the player written so, as the ruleset settles its
// recorded result again; [] when the hand's points were recorded as given, nothing was paid, or
// the settlement cannot be made again as recorded (the change recorded is then all there is).
func (ev *seasonEvening) payments(e *ledger.Entry, written string) []schema.LedgerPayment {
	out := []schema.LedgerPayment{}
	s := ev.ledger.settlement()
	if s == nil || e.Hand.Drawn || e.Hand.Deltas != nil {
		return out
	}
	t := ledger.TableOf(e)
	deltas, err := s.Settle(e.Hand, t)
	res := s.Last()
	if err != nil || res == nil || deltas != e.Deltas {
		return out
	}
	for _, p := range schema.NewLedgerPayments(res.Payments, t) {
		if p.From == written || p.To == written {
			out = append(out, p)
		}
	}
	return out
}

// explained is the --explain trace, checked against the standings.
func (t *tally) explained() (*SeasonExplain, error) {
	p, ok := t.players[t.explain]
	if !ok {
		return nil, family.WithHint(fmt.Errorf("--explain %s: no evening of the season has that player", t.explain),
			"the players are "+strings.Join(t.order, ", ")+" (names are case-sensitive; an --alias NAME=PLAYER names the player as the season does)")
	}
	if t.x.Net != p.Net {
		return nil, fmt.Errorf("--explain %s: the hands add up to %s, but the net is %s", t.explain, t.x.Net, p.Net)
	}
	return t.x, nil
}

// standings orders the players: by net; equal nets by the net per hand, then more wins, then
// fewer deal-ins; players equal on all of these share a rank. ties say which decided.
func (t *tally) standings() ([]SeasonStanding, []string) {
	out := make([]SeasonStanding, 0, len(t.order))
	for _, n := range t.order {
		p := t.players[n]
		p.PerHand = perHand(p.Net, p.Hands)
		p.PlusRun, p.MinusRun = runs(p.evenNets)
		out = append(out, *p)
	}
	slices.SortStableFunc(out, func(a, b SeasonStanding) int {
		c, _ := compareStanding(&a, &b)
		return c
	})
	var ties []string
	for i := range out {
		out[i].Rank = i + 1
		out[i].evenNets = nil
		if i == 0 || out[i].Net != out[i-1].Net {
			continue
		}
		a, b := &out[i-1], &out[i]
		c, why := compareStanding(a, b)
		if c == 0 {
			b.Rank = a.Rank
		}
		ties = append(ties, fmt.Sprintf("%s and %s: equal net %s; %s", a.Player, b.Player, a.Net, why))
	}
	if ties == nil {
		ties = []string{}
	}
	return out, ties
}

// compareStanding orders a before b (negative) when a ranks higher, and says what decided.
func compareStanding(a, b *SeasonStanding) (int, string) {
	if c := cmp.Compare(b.Net, a.Net); c != 0 {
		return c, "net"
	}
	// Net per hand, exactly: a.Net/a.Hands against b.Net/b.Hands.
	if a.Hands > 0 && b.Hands > 0 {
		x := new(big.Int).Mul(big.NewInt(int64(a.Net)), big.NewInt(int64(b.Hands)))
		y := new(big.Int).Mul(big.NewInt(int64(b.Net)), big.NewInt(int64(a.Hands)))
		if c := y.Cmp(x); c != 0 {
			hi, lo := a, b
			if c > 0 {
				hi, lo = b, a
			}
			return c, fmt.Sprintf("%s ranks higher on net per hand (%s in %d hands to %s in %d)", hi.Player, signedAmount(hi.PerHand), hi.Hands, signedAmount(lo.PerHand), lo.Hands)
		}
	}
	if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
		hi, lo := a, b
		if c > 0 {
			hi, lo = b, a
		}
		return c, fmt.Sprintf("%s ranks higher on wins (%d to %d)", hi.Player, hi.Wins, lo.Wins)
	}
	if c := cmp.Compare(a.DealIns, b.DealIns); c != 0 {
		hi, lo := a, b
		if c > 0 {
			hi, lo = b, a
		}
		return c, fmt.Sprintf("%s ranks higher on fewer deal-ins (%d to %d)", hi.Player, hi.DealIns, lo.DealIns)
	}
	return 0, fmt.Sprintf("they share rank: equal too on net per hand, wins (%d) and deal-ins (%d)", a.Wins, a.DealIns)
}

func signedAmount(a ledger.Amount) string {
	if a > 0 {
		return "+" + a.String()
	}
	return a.String()
}

// perHand is net over hands to 2 decimal places, rounded half away from zero.
func perHand(net ledger.Amount, hands int) ledger.Amount {
	if hands == 0 {
		return 0
	}
	const cent = settle.Unit / 100
	d := big.NewInt(int64(hands) * int64(cent))
	q, r := new(big.Int).QuoRem(big.NewInt(int64(net)), d, new(big.Int))
	if new(big.Int).Mul(new(big.Int).Abs(r), big.NewInt(2)).Cmp(d) >= 0 {
		if net < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return ledger.Amount(q.Int64()) * cent
}

// runs are the most evenings in a row ended ahead and behind.
func runs(nets []ledger.Amount) (plus, minus int) {
	p, m := 0, 0
	for _, n := range nets {
		switch {
		case n > 0:
			p, m = p+1, 0
		case n < 0:
			p, m = 0, m+1
		default:
			p, m = 0, 0
		}
		plus, minus = max(plus, p), max(minus, m)
	}
	return plus, minus
}

// WriteSeasonCSV writes the standings one row a player, in rank order; excel starts the file with
// a UTF-8 byte order mark, so Excel on Windows reads Chinese names. Names are made safe for a
// spreadsheet (ledger.SafeCell).
func WriteSeasonCSV(w io.Writer, v *SeasonView, excel bool) error {
	if excel {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return err
		}
	}
	cw := csv.NewWriter(w)
	head := []string{"rank", "player", "names", "evenings", "hands", "net", "per_hand", "wins", "self_draws", "deal_ins",
		"responsible", "responsible_paid", "false_wins", "biggest_gain", "biggest_evening", "biggest_hand", "biggest_result",
		"win_streak", "plus_evenings", "plus_run", "minus_run", "unit"}
	if err := cw.Write(head); err != nil {
		return err
	}
	itoa := strconv.Itoa
	for _, p := range v.Standings {
		names := make([]string, len(p.Names))
		for i, n := range p.Names {
			names[i] = ledger.SafeCell(n)
		}
		row := []string{itoa(p.Rank), ledger.SafeCell(p.Player), strings.Join(names, "; "), itoa(p.Evenings), itoa(p.Hands), p.Net.String(), p.PerHand.String(),
			itoa(p.Wins), itoa(p.SelfDraws), itoa(p.DealIns), itoa(p.Responsible), p.ResponsiblePaid.String(), itoa(p.FalseWins)}
		if b := p.Biggest; b != nil {
			row = append(row, b.Gain.String(), ledger.SafeCell(b.File), itoa(b.Hand), ledger.SafeCell(b.Result))
		} else {
			row = append(row, "", "", "", "")
		}
		streak := "0"
		if s := p.WinStreak; s != nil {
			streak = itoa(s.Hands)
		}
		row = append(row, streak, itoa(p.Plus), itoa(p.PlusRun), itoa(p.MinusRun), v.Unit)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// SeasonChartView is what mjref season chart writes with -o json|jsonl|yaml
// (schema/season-chart.json): each player's net after every evening they played, and the file
// drawn (with --out).
type SeasonChartView struct {
	Unit     string         `json:"unit"`
	Evenings int            `json:"evenings"`
	Out      string         `json:"out,omitempty"`
	Format   string         `json:"format,omitempty"`
	Series   []SeasonSeries `json:"series"` // one a player, in the order of the standings
	Warnings []string       `json:"warnings"`
}

// SeasonSeries is one player's line: the net after each evening they played.
type SeasonSeries struct {
	Player string             `json:"player"`
	Points []SeasonEveningNet `json:"points"`
}

// NewSeasonChart is the chart of the season v.
func NewSeasonChart(v *SeasonView) SeasonChartView {
	cv := SeasonChartView{Unit: v.Unit, Evenings: len(v.Evenings), Series: []SeasonSeries{}, Warnings: []string{}}
	for _, p := range v.Standings {
		cv.Series = append(cv.Series, SeasonSeries{Player: p.Player, Points: p.ByEvening})
	}
	return cv
}
