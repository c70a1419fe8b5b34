// Package riichi is the riichi (Japanese) family: its ruleset section (the scoring/riichi Options),
// its built-in rulesets (riichi, Tenhou's rules, and the presets that extend it) and the scoring of
// a hand in a riichi situation, its settlement with the table's counters (family.RoundSettler) and
// its waits valued in points, and its rulings on claims on one discard (ClaimDeps).
package riichi

import (
	"embed"
	"io/fs"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	rscore "github.com/mjref/mjref/scoring/riichi"
	"github.com/mjref/mjref/scoring/shanten"
	"github.com/mjref/mjref/scoring/waits"
)

// ID is the family: key of riichi rulesets.
const ID = "riichi"

//go:embed builtin/*.yaml
var builtin embed.FS

//go:generate go run -tags mjref_nosnapshot ../../internal/snapshot

// Family is the riichi family.
type Family struct{}

// ID is "riichi".
func (Family) ID() string { return ID }

// Title is "Riichi".
func (Family) Title() string { return "Riichi" }

// maxCounters is the most honba counters, or riichi sticks, a hand is settled with: a table of
// 25,000-point stacks holds 100 sticks in all, and a dealer who kept the deal for 1,000 hands
// would have played the longest game ever recorded many times over. The log readers
// (referee/riichilog) take the same counts.
const maxCounters = 1000

// CheckWin refuses the wins riichi does not have: a riichi hand is won by ron or tsumo, on a kan's
// replacement tile (rinshan) or by robbing a kan (chankan); a first-turn win (tenhou, chiihou) is
// a tsumo worth a yakuman, and renhou, where a ruleset plays it, a ron.
func (Family) CheckWin(k scoring.WinKind) error {
	switch k {
	case scoring.Discard, scoring.SelfDraw, scoring.KongReplacement, scoring.RobbingKong:
		return nil
	}
	return family.HintFields(family.Fieldf("%s %s is not a riichi win", family.Field("win"), k),
		family.Textf("use ron, tsumo, rinshan, chankan, haitei or houtei; a tenhou or chiihou is a yakuman won by tsumo (%s tsumo %s 1)", family.Field("win"), family.Field("yakuman")))
}

// The riichi situation's fields, by their flags' names.
const (
	fieldRiichi       = "riichi"
	fieldDoubleRiichi = "double-riichi"
	fieldIppatsu      = "ippatsu"
	fieldFirstTurn    = "first-turn"
	fieldDora         = "dora"
	fieldUra          = "ura"
	fieldHonba        = "honba"
	fieldSticks       = "sticks"
	fieldReadings     = "readings"
	fieldKita         = "kita"
)

// SituationFields are the riichi situation of a win, beyond the seats and the win: the takes-table
// of mjref score's riichi flags and a score request's riichi fields.
func (Family) SituationFields() []family.SituationField {
	return []family.SituationField{
		{Name: fieldRiichi, Kind: family.FieldFlag, Usage: "riichi: the winner declared riichi"},
		{Name: fieldDoubleRiichi, Kind: family.FieldFlag, Usage: "riichi: the winner declared riichi on the first turn"},
		{Name: fieldIppatsu, Kind: family.FieldFlag, Usage: "riichi: the win came within a turn of riichi, no call between"},
		{Name: fieldFirstTurn, Kind: family.FieldFlag, Usage: "riichi: a self-draw on the first turn, nothing called (tenhou for the dealer, chiihou)"},
		{Name: fieldDora, Kind: family.FieldTiles, Max: 5, Noun: "indicators (one and four for kans)", Usage: "riichi: the dora indicators, in notation (1p,3m)"},
		{Name: fieldUra, Kind: family.FieldTiles, Max: 5, Noun: "indicators (one and four for kans)", Usage: "riichi: the ura dora indicators (with --riichi)"},
		// No table goes past maxCounters honba or sticks: more is a typo, and would overflow the pay.
		{Name: fieldHonba, Kind: family.FieldCount, Max: maxCounters, Noun: "honba counters", Usage: "riichi: honba counters on the table (300 each to the winner)"},
		{Name: fieldSticks, Kind: family.FieldCount, Max: maxCounters, Noun: "riichi sticks", Usage: "riichi: riichi sticks on the table (1,000 each to the winner)"},
		{Name: fieldKita, Kind: family.FieldCount, Usage: "riichi, three players: norths set aside as bonus tiles (each a dora)"},
		{Name: fieldReadings, Kind: family.FieldFlag, Usage: "riichi: list every reading of the hand, not only the best, with what each is worth"},
	}
}

// WinWords are the riichi words for how a tile came, as the win kinds they are (haitei and houtei
// are the last tile self-drawn or discarded).
func (Family) WinWords() map[string]family.WinWord {
	return map[string]family.WinWord{
		"ron": {Win: scoring.Discard}, "tsumo": {Win: scoring.SelfDraw}, "rinshan": {Win: scoring.KongReplacement},
		"chankan": {Win: scoring.RobbingKong}, "haitei": {Win: scoring.SelfDraw, LastTile: true}, "houtei": {Win: scoring.Discard, LastTile: true},
	}
}

// Documents are the family's JSON documents: a scored hand and a settled one.
func (Family) Documents() map[string]any {
	return map[string]any{"score": Scored{}, "settle": SettleView{}}
}

// Notation reads 0m/0p/0s as red fives (kept in notation.Hand.Red).
func (Family) Notation() notation.Options { return notation.Options{} }

// Section is the riichi: section and the built-in rulesets.
func (Family) Section() rulesets.Section {
	sub, err := fs.Sub(builtin, "builtin")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return rulesets.Section{Family: ID, New: func() any { return &Section{Options: rscore.TenhouOptions()} }, Builtins: sub, Snapshots: snapshots}
}

// Section is a ruleset's riichi: section: the scorer's options, keys as scoring/riichi.Options
// names them. The riichi ruleset sets every key; a ruleset that extends it changes what it lists.
type Section struct {
	rscore.Options `yaml:",inline"`
	// Yaku are every yaku, yakuman and dora item by id, and Fu every fu item: the lines a score
	// cites (ItemDef).
	Yaku map[string]ItemDef `yaml:"yaku" json:"yaku"`
	Fu   map[string]ItemDef `yaml:"fu" json:"fu"`
}

// Validate reports an option out of range, naming its key.
func (s *Section) Validate() error {
	if err := s.Options.Validate(); err != nil {
		var ie *rscore.InputError
		if e, ok := err.(*rscore.InputError); ok {
			ie = e
			return &scoring.RuleError{Path: []string{ie.Field}, Msg: ie.Msg}
		}
		return err
	}
	return s.validateItems()
}

// Bind binds the family to a riichi ruleset.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if err := family.RefuseCard(rs, opt, Family{}); err != nil {
		return nil, err
	}
	sec, _ := rs.Section().(*Section)
	if sec == nil {
		d := Section{Options: rscore.TenhouOptions()}
		sec = &d
	}
	return &rules{rs: rs, opt: sec.Options, items: sec, src: sourcesOf(sec)}, nil
}

type rules struct {
	rs    *rulesets.Ruleset
	opt   rscore.Options
	items *Section // the yaku and fu lines
	src   *sources // the same lines by kind, for a score's items
	// head is the batch lines' head after the hand, for AppendScore.
	head family.HeadRest
}

// sources are the ruleset lines a score's items cite, by yaku and by fu kind: what the Section's
// maps say, looked up once at Bind rather than by id for every item of every hand.
type sources struct {
	yaku [len(rscore.Yakus)]scoring.Source
	fu   [len(fuNames)]scoring.Source
}

func sourcesOf(sec *Section) *sources {
	src := new(sources)
	for y := range src.yaku {
		src.yaku[y] = sec.Yaku[rscore.Yaku(y).ID()].Source
	}
	for k := range src.fu {
		if id := rscore.FuKind(k).String(); id != "" {
			src.fu[k] = sec.Fu[id].Source
		}
	}
	return src
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }

// Takes reads every score field but --loser, every settle field but the other families'
// (settleRefused), and the ledger fields of a hand's han and fu and the table's counters
// (ledgerRefused).
func (r *rules) Takes(use family.Use, field string) (bool, string) {
	switch use {
	case family.UseScore:
		if field == "loser" {
			return false, "riichi scores winning hands only"
		}
		return true, ""
	case family.UseSettle:
		return settleRefused.Takes(field)
	case family.UseLedger:
		return ledgerRefused.Takes(field)
	}
	return false, ""
}

// ledgerRefused are the ledger fields a riichi hand does not read: a riichi hand is recorded by
// its han and fu (or yakuman), settled with the table's counters.
var ledgerRefused = family.Refusals{
	"faan":      "a riichi hand is worth han and fu: use --han N --fu N (or --yakuman N)",
	"value":     "a riichi hand is worth han and fu: use --han N --fu N (or --yakuman N)",
	"limit":     "a riichi limit hand is its han: --han 5 is a mangan, --yakuman 1 a yakuman",
	"jokerless": "",
	"misnamed":  "",
	"false-win": "a riichi false win (chombo) is not recorded yet: give each player's change with --points",
	"hand":      "give the hand's han and fu: --han N --fu N",
	"last-tile": "",
	"log":       "a riichi game is kept from its log with 'mjref ledger import FILE LOG'",
}

// Worth is the hand's points: the ron payment or the self-draw total, before honba and sticks.
func (r *rules) Worth(sc family.Scored) family.Worth {
	s := sc.(*Scored)
	return family.Worth{Valid: s.IsWin, NotWin: "not a win", Reason: s.Reason, Pay: s.Points.Total, Total: s.Points.Total, Unit: "points",
		Limit: s.Limit != "", SelfDrawn: s.Points.Total == s.Points.TsumoTotal && s.tsumo, Text: s.summary(), Result: s.Result}
}

// WaitOptions is PlayWaitOptions for a player who has done nothing this hand.
func (r *rules) WaitOptions(h *notation.Hand, sit scoring.Situation) (waits.Options, error) {
	return r.PlayWaitOptions(h, sit, family.WaitPlay{})
}

// sanmaAbsent are 2m to 8m, which three-player riichi does not play.
const sanmaAbsent shanten.WaitSet = 0b1111111 << 1

// PlayWaitOptions allows the three riichi shapes and values each wait in points with the scorer:
// won by ron or tsumo with riichi when p declares it, no dora (a wait with no yaku is not valid).
// It judges furiten as Tenhou does from p (Furiten): a wait among the player's discards, one
// passed since their last discard, or since riichi, bars every ron. With three players it
// refuses 2m to 8m, a chi and a North seat, and offers none of 2m to 8m.
func (r *rules) PlayWaitOptions(h *notation.Hand, sit scoring.Situation, p family.WaitPlay) (waits.Options, error) {
	if len(h.Bonus) > 0 || h.Concealed[notation.Flower] > 0 || h.Concealed[notation.Joker] > 0 {
		return waits.Options{}, family.Usagef("flowers and jokers are not riichi tiles")
	}
	if p.Riichi {
		for _, m := range h.Melds {
			if m.Kind != notation.Kong || !m.Concealed {
				return waits.Options{}, family.WithHint(family.Usagef("--riichi: riichi needs a closed hand, and %s is a call", m), "leave --riichi out for an open hand")
			}
		}
	}
	opt := waits.Options{Shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs | shanten.ShapeThirteenOrphans}
	if r.opt.Players == 3 {
		if err := sanmaWaits(h, sit, &p); err != nil {
			return waits.Options{}, err
		}
		opt.Absent = sanmaAbsent
	}
	opt.Value = func(wh *notation.Hand, win scoring.WinKind) waits.Value {
		rh, err := hand(wh)
		if err != nil {
			return waits.Value{Unit: "points", Reason: err.Error()}
		}
		s := rscore.Situation{Seat: rscore.Wind(sit.Seat), Prevailing: rscore.Wind(sit.Prevailing), Riichi: p.Riichi}
		if win.SelfDrawn() {
			s.Win = rscore.WinTsumo
		}
		res, err := rscore.Score(&rh, &s, &r.opt)
		if err != nil {
			return waits.Value{Unit: "points", Reason: err.Error()}
		}
		return waits.Value{Valid: true, Total: res.Points(), Unit: "points"}
	}
	discarded, passed := kinds(&p.Discards), kinds(&p.Passed)
	opt.Furiten = func(ws shanten.WaitSet) *waits.Furiten {
		var turn, since uint64
		if p.Riichi {
			since = passed
		} else {
			turn = passed
		}
		err := rscore.Furiten(uint64(ws), discarded, turn, since)
		pe, ok := err.(*rscore.PlayError)
		if !ok {
			return nil
		}
		f := &waits.Furiten{Rule: pe.Rule, Reason: pe.Reason}
		switch pe.Rule {
		case rscore.PlayFuriten:
			f.Kind, f.Tiles = "discarded", (ws & shanten.WaitSet(discarded)).Tiles()
		case rscore.PlayFuritenRiichi:
			f.Kind, f.Tiles = "riichi", (ws & shanten.WaitSet(since)).Tiles()
		default:
			f.Kind, f.Tiles = "temporary", (ws & shanten.WaitSet(turn)).Tiles()
		}
		if r.rs.Referee != nil {
			if d := r.rs.Referee.Explain[pe.Rule]; d != nil {
				f.Name = d.Name
				if d.Source.Ruleset != "" {
					src := d.Source
					f.Source = &src
				}
			}
		}
		return f
	}
	return opt, nil
}

// kinds is the set of kinds c holds, a bit per kind (1m bit 0), as scoring/riichi's play checks
// take them.
func kinds(c *notation.Counts) uint64 {
	var set uint64
	for t := notation.M1; t <= notation.Red; t++ {
		if c[t] > 0 {
			set |= 1 << (t - notation.M1)
		}
	}
	return set
}

// sanmaWaits refuses what three-player riichi does not have, in a hand (or the tiles the player
// discarded and passed) asked for its waits: 2m to 8m, a chi, a North seat.
func sanmaWaits(h *notation.Hand, sit scoring.Situation, p *family.WaitPlay) error {
	all := h.All()
	for t := notation.M1 + 1; t <= notation.M1+7; t++ {
		if all[t] > 0 || p.Discards[t] > 0 || p.Passed[t] > 0 {
			return family.WithHint(family.Usagef("%s: three-player riichi plays without 2m to 8m", t), "the manzu of a three-player set are 1m and 9m")
		}
	}
	for _, m := range h.Melds {
		if m.Kind == notation.Chow {
			return family.WithHint(family.Usagef("%s: three-player riichi has no chi", m), "a three-player hand calls pon and kan only")
		}
	}
	if sit.Seat == notation.SeatNorth {
		return family.Usagef("--seat N: three players sit E, S and W: there is no North seat")
	}
	if sit.Prevailing == notation.SeatNorth {
		return family.Usagef("--prevailing N: a three-player game has no North round")
	}
	return nil
}
