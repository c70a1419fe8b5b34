package riichi

import (
	"fmt"
	"slices"
	"strings"
)

// Options are the scoring choices on which riichi tables differ. A ruleset section decodes into it directly
// (yaml tags, lower_snake keys). TenhouOptions returns Tenhou's values.
type Options struct {
	// OpenTanyao (kuitan): all simples counts with open melds.
	OpenTanyao bool `yaml:"open_tanyao" json:"open_tanyao"`
	// RedFives is how many red fives the set has: 0 (none), 3 (one of each suit), 4 (two of them pins).
	RedFives int `yaml:"red_fives" json:"red_fives"`
	// KiriageMangan rounds 4 han 30 fu and 3 han 60 fu (1,920 basic points) up to mangan.
	KiriageMangan bool `yaml:"kiriage_mangan" json:"kiriage_mangan"`
	// KazoeYakuman makes 13 han or more from yaku and dora a yakuman; without it they are sanbaiman.
	KazoeYakuman bool `yaml:"kazoe_yakuman" json:"kazoe_yakuman"`
	// DoubleYakuman scores the double hands (thirteen orphans with a 13-sided wait, four concealed triplets on
	// a pair wait, nine gates on a 9-sided wait, big four winds) as two yakuman; without it, as one.
	DoubleYakuman bool `yaml:"double_yakuman" json:"double_yakuman"`
	// StackYakuman adds up several yakuman in one hand; without it a hand scores one yakuman (or one double).
	StackYakuman bool `yaml:"stack_yakuman" json:"stack_yakuman"`
	// DoubleWindPairFu is the fu for a pair of a wind that is both the seat and the prevailing wind: 4 or 2.
	DoubleWindPairFu int `yaml:"double_wind_pair_fu" json:"double_wind_pair_fu"`
	// MultipleRon is how many winners one discard pays: 1 (head bump: the first in turn order from
	// the discarder), 2 (double ron; three winners end the hand in an abortive draw) or 3.
	MultipleRon int `yaml:"multiple_ron" json:"multiple_ron"`
	// Pao lists the yakuman whose feeder is responsible (包, sekinin barai): the player who
	// discarded the tile that completed the third dragon set (daisangen), the fourth wind set
	// (daisuushii) or the fourth kan (suukantsu). On a self-draw the responsible player pays it
	// all; on a ron the responsible player and the discarder split it.
	Pao []Yaku `yaml:"pao" json:"pao"`
	// PaoWholeHand makes the responsible player answer for the whole of a stacked yakuman hand
	// (Tenhou); without it, only for the yakuman it fed.
	PaoWholeHand bool `yaml:"pao_whole_hand" json:"pao_whole_hand"`
	// NotenPayment is what the players not ready pay, split among those ready, at an exhaustive
	// draw (3,000; 0: none).
	NotenPayment int `yaml:"noten_payment" json:"noten_payment"`
	// Nagashi plays nagashi mangan (流し満貫): at an exhaustive draw a player whose discards are all
	// terminals and honours, none called, is paid a mangan self-draw instead of the noten payments.
	Nagashi bool `yaml:"nagashi_mangan" json:"nagashi_mangan"`
	// AbortiveDraws are the abortive draws (途中流局) the table plays: a hand ended by one pays
	// nothing and the riichi sticks stay on the table.
	AbortiveDraws []Abortive `yaml:"abortive_draws" json:"abortive_draws"`
	// Players is 4, or 3 for three-player riichi (sanma): 108 tiles (no 2m to 8m; a 1m dora
	// indicator shows 9m), no chi, seats E, S and W, and the norths set aside as kita (抜きドラ),
	// each a dora.
	Players int `yaml:"players" json:"players"`
	// TsumoLoss (ツモ損), with three players: a self-draw is paid as with four, less the absent
	// North's share; without it the absent share is split between the two payers.
	TsumoLoss bool `yaml:"tsumo_loss" json:"tsumo_loss"`
	// KanDora is when a kan's new dora indicator is shown (槓ドラ), a rule of play the referee
	// checks: KanDoraAfterDiscard (Tenhou: a concealed kan's at once, an open or added kan's after
	// the replacement draw's discard) or KanDoraAtOnce (every kan's at once, before the replacement
	// draw).
	KanDora string `yaml:"kan_dora" json:"kan_dora"`
}

// The values of Options.KanDora.
const (
	KanDoraAfterDiscard = "after_discard"
	KanDoraAtOnce       = "at_once"
)

// Abortive is one kind of abortive draw (途中流局).
type Abortive uint8

// The abortive draws.
const (
	NoAbortive     Abortive = iota
	KyuushuKyuuhai          // 九種九牌: nine kinds of terminals and honours in a first draw, declared
	SuufonRenda             // 四風連打: the four players discard the same wind in the first go-round
	SuuchaRiichi            // 四家立直: all four players declare riichi
	SuukanSanra             // 四開槓: a fourth kan declared by a second player
	Sanchahou               // 三家和: three players win on one discard (with multiple_ron 2)
	numAbortive
)

// AbortiveInfo describes one Abortive.
type AbortiveInfo struct {
	ID, Name, Japanese string
}

// Abortives is the table of abortive draws, indexed by Abortive.
var Abortives = [numAbortive]AbortiveInfo{
	KyuushuKyuuhai: {"kyuushu_kyuuhai", "Nine terminals and honours", "九種九牌"},
	SuufonRenda:    {"suufon_renda", "Four winds discarded", "四風連打"},
	SuuchaRiichi:   {"suucha_riichi", "Four riichi", "四家立直"},
	SuukanSanra:    {"suukan_sanra", "Four kans by two players", "四開槓"},
	Sanchahou:      {"sanchahou", "Three winners on one discard", "三家和"},
}

// String returns the abortive draw's id.
func (a Abortive) String() string {
	if a >= numAbortive {
		return ""
	}
	return Abortives[a].ID
}

// AbortiveByID returns the abortive draw with the id, or NoAbortive.
func AbortiveByID(id string) Abortive {
	for a := Abortive(1); a < numAbortive; a++ {
		if Abortives[a].ID == id {
			return a
		}
	}
	return NoAbortive
}

// MarshalText writes the id.
func (a Abortive) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads an id.
func (a *Abortive) UnmarshalText(b []byte) error {
	if *a = AbortiveByID(string(b)); *a == NoAbortive {
		return &InputError{Field: "abortive_draws", Msg: fmt.Sprintf("unknown abortive draw %q: expected one of %s", b, abortiveIDs())}
	}
	return nil
}

func abortiveIDs() string {
	ids := make([]string, 0, numAbortive-1)
	for a := Abortive(1); a < numAbortive; a++ {
		ids = append(ids, Abortives[a].ID)
	}
	return strings.Join(ids, ", ")
}

// AllAbortives lists every abortive draw.
func AllAbortives() []Abortive {
	out := make([]Abortive, 0, numAbortive-1)
	for a := Abortive(1); a < numAbortive; a++ {
		out = append(out, a)
	}
	return out
}

// Plays reports whether the table plays the abortive draw a.
func (o *Options) Plays(a Abortive) bool { return slices.Contains(o.AbortiveDraws, a) }

// PaoFor reports whether the table holds a feeder responsible for the yakuman y.
func (o *Options) PaoFor(y Yaku) bool { return slices.Contains(o.Pao, y) }

// TenhouOptions returns Tenhou's rules: open tanyao, three red fives, no kiriage, kazoe yakuman,
// stacked yakuman but no double yakuman hands (the 13-sided thirteen orphans, four concealed
// triplets on a pair wait, nine gates on a 9-sided wait and big four winds are one yakuman each),
// 4 fu for a double wind pair, double ron (a triple ron is an abortive draw), pao for big three
// dragons and big four winds, 3,000 noten payments, nagashi mangan and the five abortive draws.
func TenhouOptions() Options {
	return Options{
		OpenTanyao:       true,
		RedFives:         3,
		KiriageMangan:    false,
		KazoeYakuman:     true,
		DoubleYakuman:    false,
		StackYakuman:     true,
		DoubleWindPairFu: 4,
		MultipleRon:      2,
		Pao:              []Yaku{Daisangen, Daisuushii},
		PaoWholeHand:     true,
		NotenPayment:     3000,
		Nagashi:          true,
		AbortiveDraws:    []Abortive{KyuushuKyuuhai, SuufonRenda, SuuchaRiichi, SuukanSanra, Sanchahou},
		Players:          4,
		KanDora:          KanDoraAfterDiscard,
	}
}

// SanmaOptions returns Tenhou's three-player rules: Tenhou's four-player options with three
// players, tsumo loss, head bump... (see the riichi-sanma ruleset for each difference).
func SanmaOptions() Options {
	o := TenhouOptions()
	o.Players = 3
	o.TsumoLoss = true
	o.AbortiveDraws = []Abortive{KyuushuKyuuhai, SuukanSanra}
	return o
}

// MajsoulOptions returns Mahjong Soul's ranked rules: Tenhou's, with the double yakuman hands
// counted as two (RiichiEnv's test data is scored this way), pao for the yakuman fed alone, and
// a triple ron paid (no sanchahou).
func MajsoulOptions() Options {
	o := TenhouOptions()
	o.DoubleYakuman = true
	o.PaoWholeHand = false
	o.MultipleRon = 3
	o.AbortiveDraws = []Abortive{KyuushuKyuuhai, SuufonRenda, SuuchaRiichi, SuukanSanra}
	return o
}

// Validate reports an option out of range.
func (o *Options) Validate() error {
	if o.RedFives != 0 && o.RedFives != 3 && o.RedFives != 4 {
		return &InputError{Field: "red_fives", Msg: "red_fives must be 0, 3 or 4"}
	}
	if o.DoubleWindPairFu != 2 && o.DoubleWindPairFu != 4 {
		return &InputError{Field: "double_wind_pair_fu", Msg: "double_wind_pair_fu must be 2 or 4"}
	}
	if o.MultipleRon < 1 || o.MultipleRon > 3 {
		return &InputError{Field: "multiple_ron", Msg: "multiple_ron must be 1 (head bump), 2 or 3"}
	}
	for _, y := range o.Pao {
		if y != Daisangen && y != Daisuushii && y != Suukantsu {
			return &InputError{Field: "pao", Msg: fmt.Sprintf("pao: %s has no responsible feeder: expected daisangen, daisuushii or suukantsu", y)}
		}
	}
	switch o.KanDora {
	case KanDoraAfterDiscard, KanDoraAtOnce:
	default:
		return &InputError{Field: "kan_dora", Msg: fmt.Sprintf("kan_dora %q: expected %s (a concealed kan's indicator at once, an open kan's after the discard) or %s (every kan's at once)", o.KanDora, KanDoraAfterDiscard, KanDoraAtOnce)}
	}
	if o.Players != 3 && o.Players != 4 {
		return &InputError{Field: "players", Msg: "players must be 4, or 3 for three-player riichi (sanma)"}
	}
	if o.Players == 4 && o.TsumoLoss {
		return &InputError{Field: "tsumo_loss", Msg: "tsumo_loss is a three-player rule: set players: 3"}
	}
	if o.NotenPayment < 0 || o.NotenPayment%300 != 0 {
		return &InputError{Field: "noten_payment", Msg: "noten_payment must be 0 or more, a multiple of 300 (it is split among one to three players)"}
	}
	if o.Players == 3 && o.Plays(Sanchahou) {
		return &InputError{Field: "abortive_draws", Msg: "sanchahou (three winners on one discard) cannot happen with three players"}
	}
	if o.Players == 4 && o.Plays(Sanchahou) != (o.MultipleRon == 2) {
		return &InputError{Field: "abortive_draws", Msg: "sanchahou (three winners on one discard) is an abortive draw exactly when multiple_ron is 2: list it with multiple_ron: 2, and only then"}
	}
	return nil
}

// redLimit returns how many red fives of suit s (0 m, 1 p, 2 s) the set has.
func (o *Options) redLimit(s int) uint8 {
	switch o.RedFives {
	case 3:
		return 1
	case 4:
		if s == 1 {
			return 2
		}
		return 1
	}
	return 0
}
