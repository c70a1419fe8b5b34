package notation

// parseSimple reads the hands most input holds, and that Format writes, without the general
// parser's per-character work: ASCII; runs of digits 1-9 each closed by its suit letter (m p s z,
// or f for numbered bonus tiles); exposed melds in brackets of such runs with an optional @seat;
// concealed kongs in parentheses; one '+' followed by one tile; spaces between them. It returns
// ok false for anything else, an error included, and ParseWith then reads the input as before: so
// when ok is true the hand is exactly what the general parser reads, and every error is still
// worded by it (TestParseSimpleIsParse and FuzzParseSimple check it).
func parseSimple(s string) (h Hand, ok bool) {
	ok = parseSimpleInto(&h, s)
	return h, ok
}

// parseSimpleInto is parseSimple into *h, whose slices' room it reuses: when it returns true *h
// is the hand (with empty, not nil, slices where h had room and the hand has none); when false,
// *h is left half written.
func parseSimpleInto(h *Hand, s string) bool {
	h.Concealed, h.Win, h.Red = Counts{}, NoTile, [3]uint8{}
	var (
		all      Counts // every tile, for the copy limits
		melds    [8]Meld
		nMelds   int
		bonus    [8]BonusTile
		nBonus   int
		lastConc = NoTile
		winSet   bool
	)
	// run reads a run of digits closed by a suit letter at s[i:], adding each tile with add, and
	// returns where it ends (0: not a run this path reads).
	run := func(i int, add func(Tile) bool) int {
		start := i
		for i < len(s) && s[i] >= '1' && s[i] <= '9' {
			i++
		}
		if i == start || i == len(s) {
			return 0
		}
		suit := Honor
		switch s[i] {
		case 'm':
			suit = Man
		case 'p':
			suit = Pin
		case 's':
			suit = Sou
		case 'z':
		case 'f':
			suit = Bonus
		default:
			return 0
		}
		for _, d := range s[start:i] {
			t := NewTile(suit, int(d-'0'))
			if t == NoTile || !add(t) {
				return 0
			}
		}
		return i + 1
	}
	count := func(t Tile) bool {
		all[t]++
		if t.IsBonus() {
			return all[t] == 1 // one of each numbered flower and season
		}
		return all[t] <= 4
	}
	concealed := func(t Tile) bool {
		if !count(t) {
			return false
		}
		if t.IsBonus() {
			if nBonus == len(bonus) {
				return false
			}
			bonus[nBonus] = BonusTile{Tile: t}
			nBonus++
			return true
		}
		h.Concealed[t]++
		lastConc = t
		return true
	}
	var meldTiles [8]placed
	nMeld := 0
	inMeld := func(t Tile) bool {
		if t.IsBonus() || nMeld == len(meldTiles) || !count(t) {
			return false
		}
		meldTiles[nMeld] = placed{t: t}
		nMeld++
		return true
	}
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case ' ':
			i++
		case '[', '(':
			closeR := byte(']')
			if c == '(' {
				closeR = ')'
			}
			i++
			nMeld = 0
			from := NoSeat
			for i < len(s) && s[i] != closeR {
				switch {
				case s[i] == '@' && c == '[' && i+2 < len(s) && s[i+2] == closeR:
					if from = seatOf(rune(s[i+1])); from == NoSeat {
						return false
					}
					i += 2
				case s[i] == ' ':
					i++
				default:
					if i = run(i, inMeld); i == 0 {
						return false
					}
				}
			}
			if i == len(s) || nMelds == len(melds) {
				return false
			}
			i++ // the closing bracket
			m, msg := makeMeld(meldTiles[:nMeld], c == '(')
			if msg != "" {
				return false
			}
			m.From = from
			melds[nMelds] = m
			nMelds++
		case '+':
			if winSet || i+2 >= len(s) || s[i+1] < '1' || s[i+1] > '9' || s[i+2] == 'f' || s[i+2] >= '0' && s[i+2] <= '9' {
				return false
			}
			if i = run(i+1, concealed); i == 0 || lastConc == NoTile {
				return false
			}
			h.Win, winSet = lastConc, true
		default:
			if i = run(i, concealed); i == 0 {
				return false
			}
		}
	}
	if lastConc == NoTile && nMelds == 0 && nBonus == 0 {
		return false // nothing: the general parser says what it makes of that
	}
	if !winSet {
		h.Win = lastConc
	}
	h.Melds = append(h.Melds[:0], melds[:nMelds]...) // nil stays nil when there are none
	h.Bonus = append(h.Bonus[:0], bonus[:nBonus]...)
	h.Canonicalize()
	return true
}
