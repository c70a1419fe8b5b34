package riichi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// winKind is the scorer's win for the engine's situation; ok is false for a win riichi does not have.
func winKind(sit family.Situation) (w rscore.WinKind, ok bool) {
	switch {
	case sit.Win == scoring.Discard && sit.LastTile:
		return rscore.WinHoutei, true
	case sit.Win == scoring.Discard:
		return rscore.WinRon, true
	case sit.Win == scoring.SelfDraw && sit.LastTile:
		return rscore.WinHaitei, true
	case sit.Win == scoring.SelfDraw:
		return rscore.WinTsumo, true
	case sit.Win == scoring.KongReplacement && !sit.LastTile:
		return rscore.WinRinshan, true
	case sit.Win == scoring.RobbingKong && !sit.LastTile:
		return rscore.WinChankan, true
	}
	return 0, false
}

// situation reads the engine's situation for the scorer, its dora and ura indicators appended to
// dora and ura.
func (r *rules) situation(sit family.Situation, dora, ura []rscore.Tile) (rscore.Situation, error) {
	s := rscore.Situation{Seat: rscore.Wind(sit.Seat), Prevailing: rscore.Wind(sit.Prevailing)}
	var ok bool
	if s.Win, ok = winKind(sit); !ok {
		return s, family.WithHint(family.Usagef("--win %s is not a riichi win", sit.Win), "use ron, tsumo, rinshan, chankan, haitei or houtei (and --first-turn for tenhou or chiihou)")
	}
	if sit.Discarder != notation.NoSeat {
		return s, family.Usagef("--discarder: riichi scoring does not read the discarder")
	}
	s.Riichi = sit.Extra.Flag(fieldRiichi) || sit.Extra.Flag(fieldDoubleRiichi)
	s.DoubleRiichi = sit.Extra.Flag(fieldDoubleRiichi)
	s.Ippatsu = sit.Extra.Flag(fieldIppatsu)
	s.FirstTurn = sit.Extra.Flag(fieldFirstTurn)
	s.Kita = sit.Extra.Count(fieldKita)
	var err error
	if s.Dora, err = indicators("--dora", sit.Extra.Tiles(fieldDora), dora); err != nil {
		return s, err
	}
	if s.Ura, err = indicators("--ura", sit.Extra.Tiles(fieldUra), ura); err != nil {
		return s, err
	}
	if len(s.Ura) > 0 && !s.Riichi {
		return s, family.Usagef("--ura: ura dora count only with --riichi or --double-riichi")
	}
	return s, nil
}

// situationView is the situation a riichi hand's head shows: its seat, the prevailing wind and
// the riichi win (tsumo rather than self-draw; haitei and houtei hold the last tile). It reads
// only what family.HeadRest compares.
func situationView(sit family.Situation) *family.SituationView {
	w, _ := winKind(sit)
	return &family.SituationView{Seat: sit.Seat.String(), Prevailing: sit.Prevailing.String(), Win: w.String()}
}

// indicators appends the indicator tiles ts, given by flag, to out.
func indicators(flag string, ts []notation.Tile, out []rscore.Tile) ([]rscore.Tile, error) {
	for _, t := range ts {
		if !t.Valid() || t > notation.Red {
			return nil, family.Usagef("%s: %s is not a riichi tile", flag, t)
		}
		out = append(out, rscore.Tile(t-1))
	}
	if len(out) > 5 {
		return nil, family.Usagef("%s: at most 5 indicators (one and four kan dora), got %d", flag, len(out))
	}
	return out, nil
}

// hand converts a parsed hand to the scorer's.
func hand(h *notation.Hand) (rscore.Hand, error) {
	var out rscore.Hand
	if len(h.Bonus) > 0 || h.Concealed[notation.Flower] > 0 {
		return out, family.WithHint(family.Usagef("flowers are not riichi tiles"), "leave the flowers out: riichi plays the 136 suit and honour tiles")
	}
	for t := notation.M1; t <= notation.Red; t++ {
		out.Concealed[t-1] = h.Concealed[t]
	}
	for t := notation.Red + 1; t < notation.NumTiles; t++ {
		if h.Concealed[t] > 0 {
			return out, family.Usagef("%s is not a riichi tile", t)
		}
	}
	if len(h.Melds) > 4 {
		return out, family.Usagef("%d melds: a riichi hand has at most 4", len(h.Melds))
	}
	for _, m := range h.Melds {
		if m.Jokers > 0 || m.Tile < notation.M1 || m.Tile > notation.Red {
			return out, family.Usagef("meld %s is not a riichi set", m)
		}
		var k rscore.MeldKind
		switch {
		case m.Kind == notation.Chow:
			k = rscore.Chi
		case m.Kind == notation.Pong:
			k = rscore.Pon
		case m.Kind == notation.Kong && m.Concealed:
			k = rscore.ClosedKan
		case m.Kind == notation.Kong:
			k = rscore.OpenKan
		default:
			return out, family.Usagef("meld %s is not a riichi set", m)
		}
		out.Melds[out.NumMelds] = rscore.Meld{Kind: k, Tile: rscore.Tile(m.Tile - 1)}
		out.NumMelds++
	}
	if h.Win < notation.M1 || h.Win > notation.Red {
		return out, family.Usagef("no winning tile: write it after +, e.g. 234m23p456p678s99s+1p")
	}
	out.Win = rscore.Tile(h.Win - 1)
	out.Red = h.Red
	return out, nil
}

// inputFlag names the flag (or the hand) an *rscore.InputError is about.
var inputFlag = map[string]string{"kita": "--kita", "prevailing": "--prevailing", "ippatsu": "--ippatsu", "riichi": "--riichi", "first_turn": "--first-turn", "win": "--win", "seat": "--seat", "dora": "--dora", "ura": "--ura"}

// Score scores a riichi hand in its situation.
func (r *rules) Score(nh *notation.Hand, fs family.Situation) (family.Scored, error) {
	s, err := r.scored(nh, fs)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// scored is Score's result, typed.
func (r *rules) scored(nh *notation.Hand, fs family.Situation) (*Scored, error) {
	// The scored hand and its result are one allocation.
	box := &scoredBox{}
	if err := r.score(nh, fs, box); err != nil {
		return nil, err
	}
	box.s = Scored{ScoreHead: family.ScoreHead{Hand: notation.Format(*nh), Ruleset: r.rs.Name, Situation: situationView(fs)}, Result: &box.res}
	s := &box.s
	s.tsumo = box.sit.Win.SelfDrawn()
	if s.IsWin && fs.Extra.Flag(fieldReadings) {
		all, _ := rscore.Readings(&box.h, &box.sit, &r.opt, nil)
		s.OtherReadings = []ReadingView{}
		for i := range all {
			if i == 0 {
				continue // the best: the result itself
			}
			s.OtherReadings = append(s.OtherReadings, readingView(&all[i]))
		}
	}
	return s, nil
}

// AppendScore appends the JSON of what Score returns, with its input_line, without making it:
// the result is written from a box kept from line to line (its slices reused), the hand copied
// from text or written straight from nh, and the rest of the head is r.head's. With --readings
// it is Score's, written as it writes itself.
func (r *rules) AppendScore(b []byte, nh *notation.Hand, text string, fs family.Situation, line int) ([]byte, bool, error) {
	if fs.Extra.Flag(fieldReadings) {
		sc, err := r.scored(nh, fs)
		if err != nil {
			return b, false, err
		}
		sc.InputLine = line
		return sc.AppendJSON(b), sc.Valid(), nil
	}
	box := boxes.Get().(*scoredBox)
	defer boxes.Put(box)
	if err := r.score(nh, fs, box); err != nil {
		return b, false, err
	}
	b = family.AppendHeadHand(b, line, nh, text, notation.Options{}, r.head.OfView(r.rs.Name, fs, situationView))
	return append(box.res.AppendJSON(append(b, ',')), '}'), box.res.IsWin, nil
}

// inputError is the scorer's *rscore.InputError as the user's error, naming the flag, or nil.
func inputError(err error) error {
	var ie *rscore.InputError
	if !errors.As(err, &ie) {
		return nil
	}
	if f, ok := inputFlag[ie.Field]; ok {
		return family.Usagef("%s: %s", f, ie.Msg)
	}
	return family.Usagef("%s", ie.Msg)
}

// boxes hold the results AppendScore writes, with their slices.
var boxes = sync.Pool{New: func() any { return new(scoredBox) }}

// score scores nh in fs into box: its hand and situation as the scorer reads them, and res, whose
// slices are box's spares, grown and kept for the next hand.
func (r *rules) score(nh *notation.Hand, fs family.Situation, box *scoredBox) error {
	var err error
	if box.sit, err = r.situation(fs, box.dora[:0], box.ura[:0]); err != nil {
		return err
	}
	if box.h, err = hand(nh); err != nil {
		return err
	}
	res, err := rscore.Score(&box.h, &box.sit, &r.opt)
	if err != nil {
		if err := inputError(err); err != nil {
			return err
		}
	}
	sit := &box.sit
	box.res = Result{Riichi: sit.Riichi && !sit.DoubleRiichi, DoubleRiichi: sit.DoubleRiichi, Ippatsu: sit.Ippatsu, FirstTurn: sit.FirstTurn}
	s := &box.res
	switch {
	case errors.Is(err, rscore.ErrNotComplete):
		s.Reason = "not a complete hand: no reading as four sets and a pair, seven pairs or thirteen orphans"
		return nil
	case errors.Is(err, rscore.ErrNoYaku):
		s.Reason = "no yaku: dora alone do not make a win"
		box.fill(&res, fs, r.src)
		return nil
	case err != nil:
		return err
	}
	box.fill(&res, fs, r.src)
	s.IsWin = true
	return nil
}

// ReadingView is one reading of the hand the scorer weighed and did not choose.
type ReadingView struct {
	Shape   string   `json:"shape"`
	Reading []string `json:"reading"`
	Wait    string   `json:"wait"`
	// Yaku are the reading's yaku and dora items ("pinfu 1", "suuankou x1").
	Yaku    []string `json:"yaku"`
	Han     int      `json:"han"`
	Fu      int      `json:"fu"`
	Yakuman int      `json:"yakuman,omitempty"`
	// Points is what it would pay: the ron payment or the self-draw total.
	Points int `json:"points"`
}

func readingView(r *rscore.Result) ReadingView {
	v := ReadingView{Shape: r.Shape.String(), Wait: r.Wait.String(), Yaku: []string{}, Han: r.Han, Fu: r.Fu, Yakuman: r.Yakuman, Points: r.Points()}
	for _, g := range r.GroupList() {
		v.Reading = append(v.Reading, g.String())
	}
	for _, it := range r.YakuList() {
		if it.Yakuman > 0 {
			v.Yaku = append(v.Yaku, fmt.Sprintf("%s x%d", it.Yaku.ID(), it.Yakuman))
		} else {
			v.Yaku = append(v.Yaku, fmt.Sprintf("%s %d", it.Yaku.ID(), it.Han))
		}
	}
	return v
}

// scoredBox holds a Scored with its Result, the hand and situation it was scored from, and the
// slices of the last result filled in it, kept to be filled again.
type scoredBox struct {
	s   Scored
	res Result
	h   rscore.Hand
	sit rscore.Situation

	reading   []string
	yaku      []YakuView
	fu        []FuView
	dora, ura [5]rscore.Tile // sit's indicators
}

// Scored is a scored riichi hand: the head and the result.
type Scored struct {
	family.ScoreHead
	*Result
	tsumo bool // won by self-draw
}

// Result is the JSON of a scored riichi hand (schema/score-riichi.json).
type Result struct {
	// IsWin says whether the hand is a win: complete, with at least one yaku.
	IsWin  bool   `json:"valid"`
	Reason string `json:"reason,omitempty"`

	Riichi       bool `json:"riichi,omitempty"`
	DoubleRiichi bool `json:"double_riichi,omitempty"`
	Ippatsu      bool `json:"ippatsu,omitempty"`
	FirstTurn    bool `json:"first_turn,omitempty"`

	// Shape is standard, seven_pairs or thirteen_orphans; Reading the groups of the best reading.
	Shape   string   `json:"shape,omitempty"`
	Reading []string `json:"reading,omitempty"`
	Wait    string   `json:"wait,omitempty"`

	Yaku    []YakuView `json:"yaku"`
	Han     int        `json:"han"`
	Fu      int        `json:"fu"`
	RawFu   int        `json:"raw_fu,omitempty"`
	FuItems []FuView   `json:"fu_items"`
	Yakuman int        `json:"yakuman,omitempty"`
	Dora    int        `json:"dora"`
	Ura     int        `json:"ura"`
	Aka     int        `json:"aka"`
	Limit   string     `json:"limit,omitempty"`
	Dealer  bool       `json:"dealer"`
	Points  PointsView `json:"points"`
	// OtherReadings are the readings not chosen, best first (with --readings).
	OtherReadings []ReadingView `json:"other_readings,omitempty"`
}

// YakuView is one yaku or dora item, with the ruleset line it comes from.
type YakuView struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Japanese string         `json:"japanese"`
	Han      int            `json:"han,omitempty"`
	Yakuman  int            `json:"yakuman,omitempty"`
	Source   scoring.Source `json:"source"`
}

// FuView is one fu item, with its English and Japanese names and the ruleset line it comes from.
type FuView struct {
	ID     string         `json:"id"`
	Name   FuName         `json:"name"`
	Fu     int            `json:"fu"`
	Tiles  string         `json:"tiles,omitempty"`
	Source scoring.Source `json:"source"`
}

// FuName is a fu item's English and Japanese names.
type FuName struct {
	English  string `json:"english"`
	Japanese string `json:"japanese"`
}

// fuNames are the fu items' names, by kind.
var fuNames = [...]FuName{
	rscore.FuBase: {"Base", "副底"}, rscore.FuMenzenRon: {"Closed ron", "門前加符"}, rscore.FuTsumo: {"Self-draw", "ツモ符"},
	rscore.FuPinfuTsumo: {"Pinfu self-draw", "平和ツモ"}, rscore.FuChiitoitsu: {"Seven pairs", "七対子"},
	rscore.FuOpenPinfu: {"Open pinfu", "喰い平和"}, rscore.FuSet: {"Set", "刻子"}, rscore.FuWait: {"Wait", "待ち"},
	rscore.FuPair: {"Pair", "雀頭"},
}

// fuName is kind's names (none for a kind without them).
func fuName(k rscore.FuKind) FuName {
	if int(k) < len(fuNames) {
		return fuNames[k]
	}
	return FuName{}
}

// PointsView is what the win is worth. Ron is paid by the discarder; on a self-draw the dealer pays
// TsumoDealer (0 when the winner is the dealer) and each other player TsumoOther. Total is what the
// winner receives for this win (Ron, or TsumoTotal on a self-draw), before honba and sticks;
// WithBonus adds 300 a honba and 1,000 a riichi stick.
type PointsView struct {
	Ron         int `json:"ron"`
	TsumoDealer int `json:"tsumo_dealer"`
	TsumoOther  int `json:"tsumo_other"`
	TsumoTotal  int `json:"tsumo_total"`
	Total       int `json:"total"`
	Honba       int `json:"honba,omitempty"`
	Sticks      int `json:"sticks,omitempty"`
	WithBonus   int `json:"with_bonus"`
}

// fill writes res into s, each item with the ruleset line src gives it.
func (box *scoredBox) fill(res *rscore.Result, req family.Situation, src *sources) {
	s := &box.res
	s.Shape = res.Shape.String()
	s.Reading = box.reading[:0]
	for _, g := range res.GroupList() {
		s.Reading = append(s.Reading, g.String())
	}
	s.Wait = res.Wait.String()
	s.Yaku = box.yaku[:0]
	if s.Yaku == nil {
		s.Yaku = make([]YakuView, 0, res.NumItems) // [] rather than null, even with no item
	}
	for _, it := range res.YakuList() {
		info := it.Yaku.Info()
		v := YakuView{ID: info.ID, Name: info.Name, Japanese: info.Japanese, Han: it.Han, Yakuman: it.Yakuman}
		if int(it.Yaku) < len(src.yaku) {
			v.Source = src.yaku[it.Yaku]
		}
		s.Yaku = append(s.Yaku, v)
	}
	s.FuItems = box.fu[:0]
	if s.FuItems == nil {
		s.FuItems = make([]FuView, 0, res.NumFu)
	}
	for _, f := range res.FuItems() {
		v := FuView{ID: f.Kind.String(), Name: fuName(f.Kind), Fu: f.Fu}
		if int(f.Kind) < len(src.fu) {
			v.Source = src.fu[f.Kind]
		}
		if f.Group.Kind != 0 {
			v.Tiles = f.Group.String()
		}
		s.FuItems = append(s.FuItems, v)
	}
	box.reading, box.yaku, box.fu = s.Reading, s.Yaku, s.FuItems
	s.Han, s.Fu, s.RawFu, s.Yakuman = res.Han, res.Fu, res.RawFu, res.Yakuman
	s.Dora, s.Ura, s.Aka = res.Dora, res.Ura, res.Aka
	s.Limit = res.Pay.Limit.String()
	s.Dealer = res.Dealer
	p := res.Pay
	s.Points = PointsView{Ron: p.Ron, TsumoDealer: p.TsumoDealer, TsumoOther: p.TsumoOther, TsumoTotal: p.TsumoTotal,
		Total: res.Points(), Honba: req.Extra.Count(fieldHonba), Sticks: req.Extra.Count(fieldSticks)}
	s.Points.WithBonus = s.Points.Total + 300*s.Points.Honba + 1000*s.Points.Sticks
}

// Valid says whether the hand is a win.
func (s *Scored) Valid() bool { return s.IsWin }

// Render writes the hand, the reading, the yaku, the fu and the points.
func (s *Scored) Render(w family.Printer) error {
	sv := s.Situation
	var flags []string
	for _, f := range []struct {
		on   bool
		name string
	}{{s.Riichi, "riichi"}, {s.DoubleRiichi, "double riichi"}, {s.Ippatsu, "ippatsu"}, {s.FirstTurn, "first turn"}} {
		if f.on {
			flags = append(flags, f.name)
		}
	}
	extra := ""
	if len(flags) > 0 {
		extra = ", " + strings.Join(flags, ", ")
	}
	fmt.Fprintf(w, "hand:     %s\nruleset:  %s   seat %s, prevailing %s, win %s%s\n", s.Hand, s.Ruleset, sv.Seat, sv.Prevailing, sv.Win, extra)
	if len(s.Reading) > 0 {
		fmt.Fprintf(w, "reading:  %s (%s wait)\n", strings.Join(s.Reading, " "), s.Wait)
	}
	if len(s.Yaku) > 0 {
		rows := make([][]string, 0, len(s.Yaku))
		for _, y := range s.Yaku {
			v := strconv.Itoa(y.Han)
			if y.Yakuman > 0 {
				v = "yakuman"
				if y.Yakuman > 1 {
					v = fmt.Sprintf("%dx yakuman", y.Yakuman)
				}
			}
			rows = append(rows, []string{y.ID, y.Name, y.Japanese, v, y.Source.String()})
		}
		if err := w.Table([]string{"id", "yaku", "役", "han", "source"}, rows); err != nil {
			return err
		}
	}
	if len(s.FuItems) > 0 && s.Yakuman == 0 {
		var parts []string
		for _, f := range s.FuItems {
			p := fmt.Sprintf("%s %d", f.ID, f.Fu)
			if f.Tiles != "" {
				p += " [" + f.Tiles + "]"
			}
			parts = append(parts, p)
		}
		fmt.Fprintf(w, "fu:       %d = %s\n", s.RawFu, strings.Join(parts, " + "))
		if src := fuSources(s.FuItems); src != "" {
			fmt.Fprintf(w, "fu from:  %s\n", src)
		}
	}
	if !s.IsWin {
		fmt.Fprintf(w, "verdict:  not a win: %s\n", s.Reason)
		return nil
	}
	fmt.Fprintf(w, "points:   %s\n", s.summary())
	if s.OtherReadings != nil {
		if len(s.OtherReadings) == 0 {
			fmt.Fprintln(w, "other:    no other reading")
		}
		for _, o := range s.OtherReadings {
			worth := fmt.Sprintf("%d fu %d han", o.Fu, o.Han)
			if o.Yakuman > 0 {
				worth = fmt.Sprintf("%dx yakuman", o.Yakuman)
			}
			yaku := strings.Join(o.Yaku, " + ")
			if yaku == "" {
				yaku = "no yaku"
			}
			fmt.Fprintf(w, "other:    %s (%s wait), not chosen:\n          %s = %s, %s\n", strings.Join(o.Reading, " "), o.Wait, worth, yaku, thousands(o.Points))
		}
	}
	if s.Points.Honba > 0 || s.Points.Sticks > 0 {
		fmt.Fprintf(w, "with:     %d honba, %d sticks: %s to the winner\n", s.Points.Honba, s.Points.Sticks, thousands(s.Points.WithBonus))
	}
	return nil
}

// fuSources names where each fu item is written, once each: "base riichi:61, menzen_ron riichi:62".
func fuSources(items []FuView) string {
	var parts []string
	seen := map[string]bool{}
	for _, f := range items {
		if seen[f.ID] || f.Source.Ruleset == "" {
			continue
		}
		seen[f.ID] = true
		parts = append(parts, f.ID+" "+f.Source.String())
	}
	return strings.Join(parts, ", ")
}

// summary is "20 fu 3 han: 700/1,300 tsumo (2,700)" or "30 fu 3 han: 3,900 ron".
func (s *Scored) summary() string {
	var b strings.Builder
	switch {
	case s.Yakuman > 1:
		fmt.Fprintf(&b, "%dx yakuman", s.Yakuman)
	case s.Yakuman == 1:
		b.WriteString("yakuman")
	case s.Fu == 0: // a limit hand settled from its han alone
		fmt.Fprintf(&b, "%d han", s.Han)
		if s.Limit != "" {
			b.WriteString(" " + s.Limit)
		}
	default:
		fmt.Fprintf(&b, "%d fu %d han", s.Fu, s.Han)
		if s.Limit != "" {
			b.WriteString(" " + s.Limit)
		}
	}
	p := s.Points
	switch {
	case !s.tsumo:
		fmt.Fprintf(&b, ": %s ron", thousands(p.Ron))
	case s.Dealer:
		fmt.Fprintf(&b, ": %s all tsumo (%s)", thousands(p.TsumoOther), thousands(p.TsumoTotal))
	default:
		fmt.Fprintf(&b, ": %s/%s tsumo (%s)", thousands(p.TsumoOther), thousands(p.TsumoDealer), thousands(p.TsumoTotal))
	}
	return b.String()
}

// thousands writes n with commas: 12,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	var b []byte
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, c)
	}
	return string(b)
}
