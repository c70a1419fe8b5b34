package riichi

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
}

// TenhouOptions returns Tenhou's rules: open tanyao, three red fives, no kiriage, kazoe yakuman, double and
// stacked yakuman, 4 fu for a double wind pair, and double ron (a triple ron is an abortive draw).
func TenhouOptions() Options {
	return Options{
		OpenTanyao:       true,
		RedFives:         3,
		KiriageMangan:    false,
		KazoeYakuman:     true,
		DoubleYakuman:    true,
		StackYakuman:     true,
		DoubleWindPairFu: 4,
		MultipleRon:      2,
	}
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
