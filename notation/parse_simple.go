package notation

// parseSimpleInto reads the hands most input holds, and that Format writes, without the general
// parser's per-character work: ASCII; runs of digits 1-9 each closed by its suit letter (m p s z,
// or f for numbered bonus tiles); exposed melds in brackets of such runs with an optional @seat;
// concealed kongs in parentheses; one '+' followed by one tile; spaces between them. It returns
// false for anything else, an error included, and ParseInto then reads the input as before: so
// when it returns true the hand is exactly what the general parser reads, and every error is still
// worded by it (TestParseSimpleIsParse and FuzzParseSimple check it). It reads into *h, reusing
// the room of its slices (an empty slice, not nil, where h had room and the hand has none); when
// it returns false *h is left half written.
//
// canonical says that s is what Format(*h) writes, byte for byte: the concealed runs one a suit in
// suit order, each in tile order, with no space between them; the winning tile after '+' only when
// it is not the last of them; then each meld as Format writes it, in Canonicalize's order; then
// the numbered bonus tiles in one run, in order; one space between parts and none around them.
// (TestParseSimpleCanonical and FuzzParseSimple check it.)
func parseSimpleInto(h *Hand, s string) (ok, canonical bool) {
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
	// What the text is so far, for canonical: which part it is in, the suit of the last
	// concealed run, and whether a space came before the token being read.
	const (
		inConcealed = iota
		afterWin
		inMelds
		inBonus
	)
	canon, part, lastSuit, spaced := true, inConcealed, NoSuit, false
	// concealed adds the tiles of the run at s[i:] to the concealed tiles (numbered flowers to the
	// bonus tiles) and returns where the run ends (0: not a run this path reads) and its suit.
	concealed := func(i int) (int, Suit) {
		start, end, suit := simpleRun(s, i)
		if end == 0 {
			return 0, NoSuit
		}
		first, last := suitRange(suit)
		prev := NoTile
		for j := start; j < end; j++ {
			t := first + Tile(s[j]-'1')
			if t > last {
				return 0, NoSuit
			}
			all[t]++
			if suit == Bonus {
				if all[t] != 1 || nBonus == len(bonus) { // one of each numbered flower and season
					return 0, NoSuit
				}
				bonus[nBonus] = BonusTile{Tile: t}
				nBonus++
				canon = canon && t > prev
				prev = t
				continue
			}
			if all[t] > 4 {
				return 0, NoSuit
			}
			h.Concealed[t]++
			lastConc = t
			canon = canon && t >= prev
			prev = t
		}
		return end + 1, suit
	}
	var meldTiles [8]placed
	nMeld := 0
	// inMeld adds the tiles of the run at s[i:] to the meld being read, as concealed does.
	inMeld := func(i int) int {
		start, end, suit := simpleRun(s, i)
		if end == 0 || suit == Bonus || nMeld+end-start > len(meldTiles) {
			return 0
		}
		first, last := suitRange(suit)
		for j := start; j < end; j++ {
			t := first + Tile(s[j]-'1')
			if t > last {
				return 0
			}
			if all[t]++; all[t] > 4 {
				return 0
			}
			meldTiles[nMeld] = placed{t: t}
			nMeld++
		}
		return end + 1
	}
	for i := 0; i < len(s); {
		// A part after another starts after one space; the first starts the text.
		apart := spaced || i == 0
		spaced = false
		switch c := s[i]; c {
		case ' ':
			canon = canon && i > 0 && s[i-1] != ' ' && i+1 < len(s)
			spaced = true
			i++
		case '[', '(':
			from0 := i
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
						return false, false
					}
					i += 2
				case s[i] == ' ':
					i++
				default:
					if i = inMeld(i); i == 0 {
						return false, false
					}
				}
			}
			if i == len(s) || nMelds == len(melds) {
				return false, false
			}
			i++ // the closing bracket
			m, msg := makeMeld(meldTiles[:nMeld], c == '(')
			if msg != "" {
				return false, false
			}
			m.From = from
			if canon {
				var text [16]byte
				canon = apart && part <= inMelds && string(m.AppendText(text[:0])) == s[from0:i] &&
					(nMelds == 0 || compareMelds(melds[nMelds-1], m) <= 0)
				part = inMelds
			}
			melds[nMelds] = m
			nMelds++
		case '+':
			if winSet || i+2 >= len(s) || s[i+1] < '1' || s[i+1] > '9' || s[i+2] == 'f' || s[i+2] >= '0' && s[i+2] <= '9' {
				return false, false
			}
			before := lastConc
			if i, _ = concealed(i + 1); i == 0 || lastConc == NoTile {
				return false, false
			}
			h.Win, winSet = lastConc, true
			// Format writes the winning tile after '+' when it is not the last of the hand's.
			canon = canon && !apart && part == inConcealed && before != NoTile && h.Win < before
			part = afterWin
		default:
			at := i
			var suit Suit
			if i, suit = concealed(i); i == 0 {
				return false, false
			}
			if canon {
				if suit == Bonus {
					canon = apart && part < inBonus
					part = inBonus
				} else {
					canon = (!apart || at == 0) && part == inConcealed && suit > lastSuit
					lastSuit = suit
				}
			}
		}
	}
	if lastConc == NoTile && nMelds == 0 && nBonus == 0 {
		return false, false // nothing: the general parser says what it makes of that
	}
	if !winSet {
		h.Win = lastConc
	}
	h.Melds = append(h.Melds[:0], melds[:nMelds]...) // nil stays nil when there are none
	h.Bonus = append(h.Bonus[:0], bonus[:nBonus]...)
	h.Canonicalize()
	return true, canon
}

// simpleRun finds the run of digits 1-9 at s[i:] and the suit letter closing it (m p s z, or f for
// numbered bonus tiles): the digits are s[start:end] and the letter s[end]. end is 0 when there
// is no such run.
func simpleRun(s string, i int) (start, end int, suit Suit) {
	start = i
	for i < len(s) && s[i] >= '1' && s[i] <= '9' {
		i++
	}
	if i == start || i == len(s) {
		return 0, 0, NoSuit
	}
	if suit = suitOfLetter(s[i]); suit == NoSuit {
		return 0, 0, NoSuit
	}
	return start, i, suit
}

// suitRange is the tiles a run's digits 1-9 name in suit s (one of suitOfLetter's): digit d is
// first+d-1, and a digit that makes a tile past last (8z, 9f) names none. It is NewTile for the
// digits 1-9 without its cases for each digit.
func suitRange(s Suit) (first, last Tile) {
	switch s {
	case Honor:
		return East, Red
	case Bonus:
		return F1, F1 + 7
	}
	first = M1 + Tile(s-Man)*9
	return first, first + 8
}

// suitOfLetter is the suit a run's letter closes: m p s z, f for numbered bonus tiles; NoSuit for
// any other byte.
func suitOfLetter(c byte) Suit {
	switch c {
	case 'm':
		return Man
	case 'p':
		return Pin
	case 's':
		return Sou
	case 'z':
		return Honor
	case 'f':
		return Bonus
	}
	return NoSuit
}
