package settle

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/textdist"
	"github.com/mjref/mjref/scoring"
)

// Rules is the settlement: section of a ruleset: the payout table and stake, the payment case for
// each kind of win, and the special rules (robbing a kong, false win, several winners, responsibility).
// The built-in tables and stakes live in the same section, so a ruleset names one or gives its own.
type Rules struct {
	// Table names the payout table in Tables that turns faan (or an American value) into points.
	Table string `yaml:"table"`
	// Stake names a multiplier in Stakes (二五雞, 五一, 一二蚊) or is a plain number such as 0.5;
	// empty means 1.
	Stake string `yaml:"stake,omitempty"`
	// Limit is no longer read: a limit hand is paid at Bounds.Limit, which the family's section sets
	// (hk: the cap, 13 with no cap), so the two cannot disagree. Validate refuses a ruleset that still
	// writes it, at its line.
	Limit *int `yaml:"limit,omitempty"`
	// SelfDraw names the case in Cases used for a self-drawn win.
	SelfDraw string `yaml:"self_draw"`
	// Discard names the case in Cases used for a win on a discard: "full" (全銃) or "half" (半銃) in hk.
	Discard string `yaml:"discard"`
	// Misnamed names the case in Cases used when a misnamed discard gives a player the win (American);
	// empty when the ruleset has no such rule.
	Misnamed string `yaml:"misnamed,omitempty"`
	// Jokerless multiplies every payment of a jokerless win whose line carries the bonus (American: 2);
	// 0 means no bonus.
	Jokerless Amount `yaml:"jokerless,omitempty"`
	// MisnamedJokerless stacks the jokerless multiplier on the misnamed-discard case; off by default,
	// so a misnamer pays four times the hand's value whether or not it is jokerless.
	MisnamedJokerless bool `yaml:"misnamed_jokerless,omitempty"`

	// RobbingKong says how a robbed kong is paid.
	RobbingKong RobbingKongRule `yaml:"robbing_kong"`
	// SevenFlowers says how a seven-flowers win (花糊, 七搶一) is paid.
	SevenFlowers SevenFlowersRule `yaml:"seven_flowers,omitempty"`
	// FalseWin says what a false declaration of a win costs.
	FalseWin FalseWinRule `yaml:"false_win"`
	// MultipleWinners says who wins when several players claim one discard for a win.
	MultipleWinners MultipleWinnersRule `yaml:"multiple_winners"`

	// Cases are the payment cases by id.
	Cases map[string]*Case `yaml:"cases"`
	// Responsibility are the 包 triggers by id.
	Responsibility map[string]*Trigger `yaml:"responsibility,omitempty"`
	// Tables are the payout tables by name.
	Tables map[string]*Table `yaml:"tables"`
	// Stakes are the named stake multipliers.
	Stakes map[string]*Stake `yaml:"stakes,omitempty"`

	// Bounds is the range a win is paid in: the minimum, the cap and what a limit hand is paid at. It
	// is not part of this section: the ruleset loader copies it from the family's own section (hk:
	// min_faan and cap; the American card's values), so a settlement pays a hand at the same worth
	// its score says. The zero value bounds nothing and has no limit hands.
	Bounds scoring.Bounds `yaml:"-"`
}

// Case is one way of paying a win: how many shares of the table amount each loser pays.
// In a self-draw nobody is the discarder, so every loser pays Others.
type Case struct {
	// Name and NameZH name the case for people: "Discarder pays all", 全銃.
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// Each is a shorthand that sets Discarder and Others to the same number of shares.
	Each Amount `yaml:"each,omitempty"`
	// Discarder is the shares the discarder pays.
	Discarder Amount `yaml:"discarder,omitempty"`
	// Others is the shares each other loser pays.
	Others Amount         `yaml:"others,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// shares returns the shares of the discarder and of each other loser.
func (c *Case) shares() (discarder, others Amount) {
	if c.Each != 0 {
		return c.Each, c.Each
	}
	return c.Discarder, c.Others
}

// Ways to pay a robbed kong.
const (
	RobAsDiscard  = "discard"   // settled as a discard win with the konger as the discarder
	RobAsSelfDraw = "self-draw" // 搶槓當自摸: the konger alone pays every self-draw share
)

// RobbingKongRule says how a robbed kong (搶槓) is paid.
type RobbingKongRule struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// As is RobAsDiscard (default) or RobAsSelfDraw.
	As     string         `yaml:"as,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// UnmarshalText reads the plain form, robbing_kong: VALUE, as the as: choice; the mapping form (name:,
// name_zh:, as:) decodes as the struct.
func (r *RobbingKongRule) UnmarshalText(b []byte) error {
	*r = RobbingKongRule{As: strings.TrimSpace(string(b))}
	return nil
}

// Ways to pay a seven-flowers win.
const (
	SevenFlowersAsDiscard  = "discard"   // 七搶一: claimed on the eighth another player draws, who pays as a discard (the default)
	SevenFlowersAsSelfDraw = "self-draw" // the winner draws their own seventh; every opponent pays a self-draw share (A: 2 + self-draw 1)
)

// SevenFlowersRule says which seven-flowers win a table plays, and so who pays: one claimed on the
// eighth flower as another player draws it (七搶一), paid by that player as if they had discarded it
// (SevenFlowersAsDiscard, the default), or one declared by the player who draws their own seventh,
// self-drawn, with no discarder, paid by every opponent as on a self-draw (SevenFlowersAsSelfDraw).
type SevenFlowersRule struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// As is SevenFlowersAsDiscard (default) or SevenFlowersAsSelfDraw.
	As     string         `yaml:"as,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// SevenFlowersSelfDrawn says a seven-flowers win under r is self-drawn: the winner draws their own
// seventh flower and wins on the spot, nobody discards, and every opponent pays (seven_flowers:
// self-draw). Otherwise (and for a nil r) it is claimed on the eighth another player draws, who pays.
func (r *Rules) SevenFlowersSelfDrawn() bool {
	return r != nil && r.SevenFlowers.As == SevenFlowersAsSelfDraw
}

// SelfDrawn says a win of kind k has no discarder under r: a self-drawn kind, or seven flowers where
// the table plays them self-drawn. A nil r is the default rules.
func (r *Rules) SelfDrawn(k scoring.WinKind) bool {
	return k.SelfDrawn() || (k == scoring.SevenFlowers && r.SevenFlowersSelfDrawn())
}

// UnmarshalText reads the plain form, seven_flowers: VALUE, as the as: choice; the mapping form (name:,
// name_zh:, as:) decodes as the struct.
func (r *SevenFlowersRule) UnmarshalText(b []byte) error {
	*r = SevenFlowersRule{As: strings.TrimSpace(string(b))}
	return nil
}

// False-win penalties.
const (
	FalseWinLimitSelfDraw = "limit-self-draw" // the offender pays each other player a limit self-draw
	FalseWinFixed         = "fixed"           // the offender pays each other player Amount (times the stake)
	FalseWinNone          = "none"            // no payment
)

// FalseWinRule is the penalty for a false win (詐糊).
type FalseWinRule struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// As is FalseWinLimitSelfDraw (default), FalseWinFixed or FalseWinNone.
	As string `yaml:"as,omitempty"`
	// Amount is what the offender pays each other player under FalseWinFixed, before the stake.
	Amount Amount         `yaml:"amount,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// UnmarshalText reads the plain form, false_win: VALUE, as the as: choice; the mapping form (name:,
// name_zh:, as:) decodes as the struct.
func (r *FalseWinRule) UnmarshalText(b []byte) error {
	*r = FalseWinRule{As: strings.TrimSpace(string(b))}
	return nil
}

// Ways to resolve several claimants of one winning discard.
const (
	HeadBump = "head-bump" // 截糊: the claimant next in turn after the discarder wins alone
	AllWin   = "all"       // 一炮多響: every claimant wins and is paid separately
)

// MultipleWinnersRule says who wins when several players claim the same discard for a win.
type MultipleWinnersRule struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// As is HeadBump (default) or AllWin.
	As     string         `yaml:"as,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// UnmarshalText reads the plain form, multiple_winners: VALUE, as the as: choice; the mapping form (name:,
// name_zh:, as:) decodes as the struct.
func (r *MultipleWinnersRule) UnmarshalText(b []byte) error {
	*r = MultipleWinnersRule{As: strings.TrimSpace(string(b))}
	return nil
}

// Meld classes a responsibility trigger counts.
const (
	MeldsDragon  = "dragon"  // pongs and kongs of dragons
	MeldsWind    = "wind"    // pongs and kongs of winds
	MeldsKong    = "kong"    // kongs, concealed ones included
	MeldsExposed = "exposed" // every exposed meld (chows, pongs, kongs; not concealed kongs)
)

// Trigger is one responsibility (包) rule: the player whose discard gave the winner the Count-th meld of
// a class pays the whole amount the winner collects, alone.
type Trigger struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// Melds is the class of melds counted: MeldsDragon, MeldsWind, MeldsKong or MeldsExposed.
	Melds string `yaml:"melds"`
	// Count is the meld whose feeder becomes responsible: 3 for the third dragon set.
	Count int `yaml:"count"`
	// WinningDiscard also makes the discarder responsible when the winning discard itself completes the
	// Count-th set in the hand (dragon and wind classes only).
	WinningDiscard bool `yaml:"winning_discard,omitempty"`
	// On lists the wins it applies to: "discard" (robbing a kong included) and "self-draw"; empty means both.
	On     []string       `yaml:"on,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// Table turns faan (or an American value) into points: either rows of Points keyed "3", "4-6" or "10+",
// or a linear Per points for each unit. Past its top row a table goes on as Beyond says, or not at all.
type Table struct {
	Name   string `yaml:"name,omitempty"`
	NameZH string `yaml:"name_zh,omitempty"`
	// Points maps a faan, a range "4-6" or an open range "10+" to points.
	Points map[string]Amount `yaml:"points,omitempty"`
	// Per is the points per faan or value unit of a linear table (American: 1).
	Per Amount `yaml:"per,omitempty"`
	// Beyond is how the rows continue past the top one; nil (or beyond: none) means there is no row
	// above it, and a cap above it is refused when the ruleset loads.
	Beyond *Progression   `yaml:"beyond,omitempty"`
	Source scoring.Source `yaml:"-"`
}

// Progression is how a payout table continues past its top row: written {double_every: 2} (each row
// pays twice the row two below it: half-spicy's 96, 128, 192 after 48, 64), {double_every: 1}
// (full-spicy), {add: 16} (each row 16 more than the last), or none (no row above the top).
type Progression struct {
	// DoubleEvery, when set, makes each row past the top pay twice the row DoubleEvery faan below it.
	DoubleEvery int `yaml:"double_every,omitempty"`
	// Add, when set, makes each row past the top pay Add points more than the row below it.
	Add Amount `yaml:"add,omitempty"`
	// None says the table has no row above its top row (beyond: none).
	None bool `yaml:"-"`
}

// UnmarshalText reads the scalar form, beyond: none; the mapping forms decode as the struct.
func (p *Progression) UnmarshalText(b []byte) error {
	if strings.EqualFold(strings.TrimSpace(string(b)), "none") {
		*p = Progression{None: true}
		return nil
	}
	return fmt.Errorf("beyond %q: expected none, {double_every: N} or {add: POINTS}", string(b))
}

// String returns "double every 2 faan", "add 16 a faan" or "none".
func (p *Progression) String() string {
	switch {
	case p == nil || p.None:
		return "none"
	case p.DoubleEvery > 0:
		return fmt.Sprintf("double every %d faan", p.DoubleEvery)
	}
	return fmt.Sprintf("add %s a faan", p.Add)
}

// continues reports whether the progression gives rows past the top.
func (p *Progression) continues() bool { return p != nil && !p.None }

// Stake is a named base multiplier: 二五雞 0.5, 五一 1, 一二蚊 2 on the half-spicy table.
type Stake struct {
	Name       string         `yaml:"name,omitempty"`
	Multiplier Amount         `yaml:"multiplier"`
	Source     scoring.Source `yaml:"-"`
}

// row is one parsed table row: faan lo..hi (hi < 0 means open) pays points.
type row struct {
	lo, hi int
	points Amount
}

// maxFaan bounds the faan a table row may name, to keep every table a small array.
const maxFaan = 1000

// rowsOf parses and checks a table's rows, sorted by faan and contiguous.
func (t *Table) rowsOf(path []string) ([]row, error) {
	if len(t.Points) == 0 && t.Per == 0 {
		return nil, ruleErr(path, "a table needs points: (faan to points) or per: (points per faan)")
	}
	if len(t.Points) != 0 && t.Per != 0 {
		return nil, ruleErr(path, "a table has points: or per:, not both")
	}
	if t.Per < 0 {
		return nil, ruleErr(append(path, "per"), "must not be negative")
	}
	rows := make([]row, 0, len(t.Points))
	for k, v := range t.Points {
		p := append(path, "points", k)
		r, err := parseRow(k)
		if err != nil {
			return nil, ruleErr(p, err.Error())
		}
		if v < 0 {
			return nil, ruleErr(p, "points must not be negative")
		}
		r.points = v
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b row) int { return a.lo - b.lo })
	for i := 1; i < len(rows); i++ {
		prev, r := rows[i-1], rows[i]
		key := append(path, "points", rowKey(r))
		switch {
		case prev.hi < 0 || r.lo <= prev.hi:
			return nil, ruleErr(key, fmt.Sprintf("overlaps the row %s", rowKey(prev)))
		case r.lo > prev.hi+1:
			return nil, ruleErr(key, fmt.Sprintf("leaves a gap after %s: no row for %d faan", rowKey(prev), prev.hi+1))
		case r.points < prev.points:
			return nil, ruleErr(key, fmt.Sprintf("pays less than the row %s", rowKey(prev)))
		}
	}
	if err := t.checkBeyond(path, rows); err != nil {
		return nil, err
	}
	return rows, nil
}

// checkBeyond checks the progression against the rows it continues.
func (t *Table) checkBeyond(path []string, rows []row) error {
	p := t.Beyond
	if !p.continues() {
		return nil
	}
	bp := append(slices.Clone(path), "beyond")
	switch {
	case t.Per != 0:
		return ruleErr(bp, "a per: table goes on by itself: leave beyond: out")
	case len(rows) > 0 && rows[len(rows)-1].hi < 0:
		return ruleErr(bp, fmt.Sprintf("the open row %s already pays every faan above it: leave beyond: out", rowKey(rows[len(rows)-1])))
	case p.DoubleEvery != 0 && p.Add != 0:
		return ruleErr(bp, "double_every: or add:, not both")
	case p.DoubleEvery < 0 || p.Add < 0:
		return ruleErr(bp, "must not be negative")
	case p.DoubleEvery == 0 && p.Add == 0:
		return ruleErr(bp, "say how the rows go on: double_every: N, add: POINTS, or none")
	case p.DoubleEvery > 0 && len(rows) > 0:
		// Each new row doubles a row DoubleEvery below it, so those rows must be printed.
		top := rows[len(rows)-1].hi
		if top-p.DoubleEvery+1 < rows[0].lo {
			return ruleErr(append(bp, "double_every"), fmt.Sprintf("%d: the table prints only the rows %d to %d", p.DoubleEvery, rows[0].lo, top))
		}
		// More faan must never pay less: the first DoubleEvery new rows must each pay at least the
		// row before (after them, doubling keeps the order).
		prev := rows[len(rows)-1].points
		for f := top + 1; f <= top+p.DoubleEvery; f++ {
			pts, err := t.pointsAt("", rows, f)
			if err != nil {
				return ruleErr(append(bp, "double_every"), err.Error())
			}
			if pts < prev {
				return ruleErr(append(bp, "double_every"), fmt.Sprintf("%d: the row for %d faan would pay %s, less than %s for %d: the printed rows grow faster than doubling every %d faan", p.DoubleEvery, f, pts, prev, f-1, p.DoubleEvery))
			}
			prev = pts
		}
	}
	return nil
}

func rowKey(r row) string {
	switch {
	case r.hi < 0:
		return strconv.Itoa(r.lo) + "+"
	case r.lo == r.hi:
		return strconv.Itoa(r.lo)
	}
	return strconv.Itoa(r.lo) + "-" + strconv.Itoa(r.hi)
}

// parseRow reads a table key: "3", "4-6" or "10+".
func parseRow(k string) (row, error) {
	num := func(s string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 || n > maxFaan {
			return 0, fmt.Errorf("row %q: expected a faan from 0 to %d, a range like 4-6 or an open row like 10+", k, maxFaan)
		}
		return n, nil
	}
	if s, ok := strings.CutSuffix(k, "+"); ok {
		n, err := num(s)
		return row{lo: n, hi: -1}, err
	}
	if a, b, ok := strings.Cut(k, "-"); ok {
		lo, err := num(a)
		if err != nil {
			return row{}, err
		}
		hi, err := num(b)
		if err != nil {
			return row{}, err
		}
		if hi < lo {
			return row{}, fmt.Errorf("row %q: the range ends before it starts", k)
		}
		return row{lo: lo, hi: hi}, nil
	}
	n, err := num(k)
	return row{lo: n, hi: n}, err
}

func ruleErr(path []string, msg string) *scoring.RuleError {
	return &scoring.RuleError{Path: slices.Clone(path), Msg: msg}
}

// resolved is a Rules checked and looked up once for a settlement.
type resolved struct {
	r         *Rules
	table     *Table
	tableName string
	rows      []row
	stake     Amount
	stakeName string
	selfDraw  *Case
	discard   *Case
	misnamed  *Case
	jokerless Amount
	bounds    scoring.Bounds
}

// Validate checks the section and returns a *scoring.RuleError whose Path is the YAML key path below
// settlement: for the first problem found. Every table, stake, case and trigger is checked, used or not,
// so a typo in a house rule surfaces when the ruleset loads.
func (r *Rules) Validate() error {
	_, err := r.resolve(true)
	return err
}

// resolve looks up and checks what a settlement uses; full also checks everything else.
func (r *Rules) resolve(full bool) (*resolved, error) {
	if r == nil {
		return nil, ruleErr(nil, "the ruleset has no settlement: section")
	}
	rs := &resolved{r: r}
	if full {
		for _, name := range sortedKeys(r.Tables) {
			if _, err := checkTable(name, r.Tables[name]); err != nil {
				return nil, err
			}
		}
		for _, name := range sortedKeys(r.Stakes) {
			if s := r.Stakes[name]; s == nil || s.Multiplier <= 0 {
				return nil, ruleErr([]string{"stakes", name, "multiplier"}, "must be a positive number")
			}
		}
		for _, id := range sortedKeys(r.Cases) {
			if err := checkCase(id, r.Cases[id]); err != nil {
				return nil, err
			}
		}
	}
	if r.Table == "" {
		return nil, ruleErr([]string{"table"}, "missing: name a payout table from tables:")
	}
	t, ok := r.Tables[r.Table]
	if !ok {
		return nil, ruleErr([]string{"table"}, fmt.Sprintf("unknown table %q: expected one of %s%s", r.Table, keyList(r.Tables), textdist.Suggest(r.Table, sortedKeys(r.Tables))))
	}
	rows, err := checkTable(r.Table, t)
	if err != nil {
		return nil, err
	}
	rs.table, rs.rows, rs.tableName = t, rows, r.Table
	switch s, ok := r.Stakes[r.Stake]; {
	case r.Stake == "":
		rs.stake = Unit
	case ok && s != nil && s.Multiplier > 0:
		rs.stake, rs.stakeName = s.Multiplier, r.Stake
	case ok:
		return nil, ruleErr([]string{"stakes", r.Stake, "multiplier"}, "must be a positive number")
	default:
		a, err := ParseAmount(r.Stake)
		var ae *AmountError
		switch {
		case err != nil && looksNumeric(r.Stake) && errors.As(err, &ae):
			// A number mjref cannot pay exactly: say why, not "unknown".
			msg := fmt.Sprintf("stake %q: %s", r.Stake, ae.Msg)
			if !strings.Contains(ae.Msg, "expected") {
				msg += ": a stake is a positive decimal with at most four decimal places, like 0.5"
			}
			return nil, ruleErr([]string{"stake"}, msg)
		case err == nil && a <= 0:
			return nil, ruleErr([]string{"stake"}, fmt.Sprintf("stake %q: must be positive", r.Stake))
		case err != nil:
			return nil, ruleErr([]string{"stake"}, fmt.Sprintf("unknown stake %q: expected a positive number or one of %s%s", r.Stake, keyList(r.Stakes), textdist.Suggest(r.Stake, sortedKeys(r.Stakes))))
		}
		rs.stake = a
	}
	if rs.selfDraw, err = r.caseNamed("self_draw", r.SelfDraw, true); err != nil {
		return nil, err
	}
	if _, others := rs.selfDraw.shares(); others == 0 {
		return nil, ruleErr([]string{"cases", r.SelfDraw}, "a self-draw has no discarder: give each: or others:")
	}
	if rs.discard, err = r.caseNamed("discard", r.Discard, true); err != nil {
		return nil, err
	}
	if rs.misnamed, err = r.caseNamed("misnamed", r.Misnamed, false); err != nil {
		return nil, err
	}
	switch {
	case r.Jokerless == 0:
		rs.jokerless = Unit
	case r.Jokerless < 0:
		return nil, ruleErr([]string{"jokerless"}, "must be a positive multiplier")
	default:
		rs.jokerless = r.Jokerless
	}
	if !oneOf(r.RobbingKong.As, "", RobAsDiscard, RobAsSelfDraw) {
		return nil, ruleErr([]string{"robbing_kong", "as"}, fmt.Sprintf("unknown %q: expected %s or %s", r.RobbingKong.As, RobAsDiscard, RobAsSelfDraw))
	}
	if !oneOf(r.SevenFlowers.As, "", SevenFlowersAsDiscard, SevenFlowersAsSelfDraw) {
		return nil, ruleErr([]string{"seven_flowers", "as"}, fmt.Sprintf("unknown %q: expected %s or %s", r.SevenFlowers.As, SevenFlowersAsDiscard, SevenFlowersAsSelfDraw))
	}
	if !oneOf(r.MultipleWinners.As, "", HeadBump, AllWin) {
		return nil, ruleErr([]string{"multiple_winners", "as"}, fmt.Sprintf("unknown %q: expected %s or %s", r.MultipleWinners.As, HeadBump, AllWin))
	}
	switch r.FalseWin.As {
	case "", FalseWinLimitSelfDraw, FalseWinNone:
		if r.FalseWin.Amount != 0 {
			return nil, ruleErr([]string{"false_win", "amount"}, "only used with as: fixed")
		}
	case FalseWinFixed:
		if r.FalseWin.Amount <= 0 {
			return nil, ruleErr([]string{"false_win", "amount"}, "as: fixed needs a positive amount: write false_win: {as: fixed, amount: POINTS}")
		}
	default:
		return nil, ruleErr([]string{"false_win", "as"}, fmt.Sprintf("unknown %q: expected %s, %s or %s", r.FalseWin.As, FalseWinLimitSelfDraw, FalseWinFixed, FalseWinNone))
	}
	if r.Limit != nil {
		return nil, ruleErr([]string{"limit"}, "settlement.limit is gone: a limit hand is paid at the cap (hk: cap, 13 with no cap), so the two cannot disagree; remove this line")
	}
	rs.bounds = r.Bounds
	if full {
		for _, id := range sortedKeys(r.Responsibility) {
			if err := r.Responsibility[id].validate([]string{"responsibility", id}); err != nil {
				return nil, err
			}
		}
	}
	return rs, nil
}

func checkTable(name string, t *Table) ([]row, error) {
	if t == nil {
		return nil, ruleErr([]string{"tables", name}, "empty table")
	}
	return t.rowsOf([]string{"tables", name})
}

func checkCase(id string, c *Case) error {
	p := []string{"cases", id}
	switch {
	case c == nil:
		return ruleErr(p, "empty case")
	case c.Each < 0 || c.Discarder < 0 || c.Others < 0:
		return ruleErr(p, "shares must not be negative")
	case c.Each != 0 && (c.Discarder != 0 || c.Others != 0):
		return ruleErr(append(p, "each"), "each: sets every loser's shares: do not combine it with discarder: or others:")
	case c.Each == 0 && c.Discarder == 0 && c.Others == 0:
		return ruleErr(p, "nobody pays: give each:, discarder: or others:")
	}
	return nil
}

func (t *Trigger) validate(p []string) error {
	if t == nil {
		return ruleErr(p, "empty trigger")
	}
	max := 4
	switch t.Melds {
	case MeldsDragon:
		max = 3
	case MeldsWind, MeldsKong, MeldsExposed:
	default:
		return ruleErr(append(p, "melds"), fmt.Sprintf("unknown %q: expected %s, %s, %s or %s", t.Melds, MeldsDragon, MeldsWind, MeldsKong, MeldsExposed))
	}
	if t.Count < 1 || t.Count > max {
		return ruleErr(append(p, "count"), fmt.Sprintf("must be from 1 to %d for %s melds", max, t.Melds))
	}
	if t.WinningDiscard && t.Melds != MeldsDragon && t.Melds != MeldsWind {
		return ruleErr(append(p, "winning_discard"), "only dragon and wind sets can be completed by the winning discard")
	}
	for i, on := range t.On {
		if on != "discard" && on != "self-draw" {
			return ruleErr(append(p, "on", strconv.Itoa(i)), fmt.Sprintf("unknown %q: expected discard or self-draw", on))
		}
	}
	return nil
}

// applies reports whether the trigger covers a win of kind k.
func (t *Trigger) applies(k scoring.WinKind) bool {
	if len(t.On) == 0 {
		return true
	}
	want := "discard"
	if k.SelfDrawn() {
		want = "self-draw"
	}
	return slices.Contains(t.On, want)
}

func (r *Rules) caseNamed(key, id string, required bool) (*Case, error) {
	if id == "" {
		if required {
			return nil, ruleErr([]string{key}, "missing: name a case from cases:")
		}
		return nil, nil
	}
	c, ok := r.Cases[id]
	if !ok {
		return nil, ruleErr([]string{key}, fmt.Sprintf("unknown case %q: expected one of %s%s", id, keyList(r.Cases), textdist.Suggest(id, sortedKeys(r.Cases))))
	}
	return c, checkCase(id, c)
}

// points returns the table's points for faan f.
func (rs *resolved) points(f int) (Amount, error) {
	return rs.table.pointsAt(rs.tableName, rs.rows, f)
}

// pointsAt returns the points of table name (whose parsed rows are rows) for faan f.
func (t *Table) pointsAt(name string, rows []row, f int) (Amount, error) {
	if f < 0 {
		return 0, fmt.Errorf("negative faan %d: %w", f, scoring.ErrImpossible)
	}
	if t.Per != 0 {
		a, ok := mul64(int64(t.Per), int64(f))
		if !ok {
			return 0, fmt.Errorf("%d × %s: %w", f, t.Per, ErrPrecision)
		}
		return Amount(a), nil
	}
	first, last := rows[0], rows[len(rows)-1]
	if f < first.lo {
		return 0, fmt.Errorf("table %q pays nothing below %d faan, got %d: %w", name, first.lo, f, scoring.ErrNotWinning)
	}
	for _, r := range rows {
		if f >= r.lo && (r.hi < 0 || f <= r.hi) {
			return r.points, nil
		}
	}
	top := last.hi
	p := t.Beyond
	switch {
	case !p.continues():
		return 0, ruleErr([]string{"tables", name}, fmt.Sprintf("no row for %d faan: the table stops at %d (give it more rows or a beyond: progression)", f, top))
	case p.DoubleEvery > 0:
		n := p.DoubleEvery
		k := (f - top + n - 1) / n
		pts, err := t.pointsAt(name, rows, f-k*n)
		if err != nil {
			return 0, err
		}
		for range k {
			if pts, err = pts.Add(pts); err != nil {
				return 0, fmt.Errorf("table %q at %d faan: %w", name, f, err)
			}
		}
		return pts, nil
	default:
		a, ok := mul64(int64(p.Add), int64(f-top))
		if !ok {
			return 0, fmt.Errorf("table %q at %d faan: %w", name, f, ErrPrecision)
		}
		return last.points.Add(Amount(a))
	}
}

// Reach is the range of faan (or values) a payout table pays: From is its first row, To its last,
// and Open says it goes on without end (a per: table, an open row, a beyond: progression).
type Reach struct {
	Table  string
	From   int
	To     int
	Open   bool
	Source scoring.Source
}

// Reach returns the range the ruleset's payout table pays, or the problem with the table.
func (r *Rules) Reach() (Reach, error) {
	rs, err := r.resolve(false)
	if err != nil {
		return Reach{}, err
	}
	re := Reach{Table: rs.tableName, Source: rs.table.Source}
	if rs.table.Per != 0 {
		re.Open = true
		return re, nil
	}
	first, last := rs.rows[0], rs.rows[len(rs.rows)-1]
	re.From, re.To = first.lo, last.hi
	if last.hi < 0 {
		re.To, re.Open = last.lo, true
	}
	if rs.table.Beyond.continues() {
		re.Open = true
	}
	return re, nil
}

func oneOf(s string, opts ...string) bool { return slices.Contains(opts, s) }

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func keyList[V any](m map[string]V) string {
	ks := sortedKeys(m)
	if len(ks) == 0 {
		return "(none defined)"
	}
	return strings.Join(ks, ", ")
}

// looksNumeric reports whether s starts as a number would ("0.3", "-1", "+2", ".5"), so that a
// stake mjref cannot read is reported as a number, not as an unknown stake name.
func looksNumeric(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s != "" && s[0] == '.' {
		s = s[1:]
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}
