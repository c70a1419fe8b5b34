package riichilog

import "fmt"

// DecodeMeld decodes Tenhou's m code of a call made by seat who at a table of players seats. The
// code packs the meld bit by bit: the low two bits are where the called tile came from (0 the caller,
// 1 the next seat, 2 across, 3 the previous seat); bit 2 marks a chi, bit 3 a pon, bit 4 a kakan,
// bit 5 a kita; none of them a kan, open or concealed. A code that cannot be a meld — a chi from
// anyone but the previous seat, a pon or kan of a tile kind that is not one, a concealed kan
// called from another seat, a kita of a tile that is not a north — is an error.
func DecodeMeld(code, who, players int, red bool) (Meld, error) {
	if code < 0 || code > 0xffff {
		return Meld{}, fmt.Errorf("call code %d is not a 16-bit code", code)
	}
	rel := code & 3
	from := -1
	if rel != 0 {
		// Three-player games keep the four-seat geometry: seat 3 is an empty chair.
		from = (who + rel) % 4
		if from >= players {
			return Meld{}, fmt.Errorf("call code %d calls from seat %d, which is empty at a table of %d", code, from, players)
		}
	}
	tile := func(id int) Tile { return tileFromID(id, red) }
	switch {
	case code&0x4 != 0: // chi
		if rel != 3 {
			return Meld{}, fmt.Errorf("call code %d is a chi from %s, but a chi takes only the previous seat's discard", code, relName(rel))
		}
		if players == 3 {
			return Meld{}, fmt.Errorf("call code %d is a chi, which three-player games do not have", code)
		}
		t := code >> 10
		called := t % 3
		t /= 3
		if t >= 21 {
			return Meld{}, fmt.Errorf("call code %d is a chi starting at run %d: there are 21 runs", code, t)
		}
		base := (t/7)*9 + t%7
		m := Meld{Kind: Chi, From: from, Code: code}
		for i := range 3 {
			copyBits := (code >> (3 + 2*i)) & 3
			m.Tiles = append(m.Tiles, tile((base+i)*4+copyBits))
		}
		m.Called = m.Tiles[called]
		return m, nil
	case code&0x8 != 0 || code&0x10 != 0: // pon, kakan
		if code&0x8 != 0 && code&0x10 != 0 {
			return Meld{}, fmt.Errorf("call code %d is marked both a pon and an added kan", code)
		}
		if rel == 0 {
			return Meld{}, fmt.Errorf("call code %d is a pon called from the caller's own hand", code)
		}
		unused := (code >> 5) & 3
		t := code >> 9
		called := t % 3
		kind := t / 3
		if kind >= 34 {
			return Meld{}, fmt.Errorf("call code %d is a pon of tile kind %d: there are 34", code, kind)
		}
		var rest []Tile
		for c := range 4 {
			if c != unused {
				rest = append(rest, tile(kind*4+c))
			}
		}
		if code&0x8 != 0 {
			return Meld{Kind: Pon, Tiles: rest, Called: rest[called], From: from, Code: code}, nil
		}
		added := tile(kind*4 + unused)
		return Meld{Kind: Kakan, Tiles: append(rest, added), Called: added, From: from, Code: code}, nil
	case code&0x20 != 0: // kita
		id := code >> 8
		if id/4 != 30 {
			return Meld{}, fmt.Errorf("call code %d sets aside tile %d (%v), but only a north is set aside", code, id, tile(id))
		}
		if rel != 0 {
			return Meld{}, fmt.Errorf("call code %d sets a north aside from %s: it comes from the caller's own hand", code, relName(rel))
		}
		return Meld{Kind: Kita, Tiles: []Tile{tile(id)}, Called: tile(id), From: -1, Code: code}, nil
	default: // kan
		id := code >> 8
		kind := id / 4
		if kind >= 34 {
			return Meld{}, fmt.Errorf("call code %d is a kan of tile %d: ids run 0-135", code, id)
		}
		m := Meld{Kind: Daiminkan, From: from, Code: code}
		for c := range 4 {
			m.Tiles = append(m.Tiles, tile(kind*4+c))
		}
		if rel == 0 {
			m.Kind, m.Called = Ankan, NoTile
		} else {
			m.Called = tile(id)
		}
		return m, nil
	}
}

func relName(rel int) string {
	return [...]string{"the caller", "the next seat", "the seat across", "the previous seat"}[rel&3]
}

// EncodeMeld is DecodeMeld's inverse for the melds it returns (tests and fuzzing use it): the code
// of m called by who. It returns -1 for a meld that has no code.
func EncodeMeld(m Meld, who int) int {
	rel := 0
	if m.From >= 0 {
		rel = (m.From - who + 4) % 4
	}
	switch m.Kind {
	case Chi:
		if len(m.Tiles) != 3 {
			return -1
		}
		k := int(m.Tiles[0].Kind)
		t := (k/9)*7 + k%9
		called := 0
		code := 0
		for i, x := range m.Tiles {
			code |= (int(x.ID) & 3) << (3 + 2*i)
			if x.ID == m.Called.ID {
				called = i
			}
		}
		return (t*3+called)<<10 | code | 0x4 | rel
	case Pon, Kakan:
		k := int(m.Tiles[0].Kind)
		have := [4]bool{}
		for _, x := range m.Tiles {
			have[x.ID&3] = true
		}
		unused := 0
		if m.Kind == Kakan {
			unused = int(m.Called.ID) & 3
		} else {
			for c := range 4 {
				if !have[c] {
					unused = c
				}
			}
		}
		called := 0
		i := 0
		for c := range 4 {
			if c == unused {
				continue
			}
			if m.Kind == Pon && int16(k*4+c) == m.Called.ID {
				called = i
			}
			i++
		}
		flag := 0x8
		if m.Kind == Kakan {
			flag = 0x10
		}
		return (k*3+called)<<9 | unused<<5 | flag | rel
	case Kita:
		return int(m.Called.ID)<<8 | 0x20
	case Daiminkan:
		return int(m.Called.ID)<<8 | rel
	case Ankan:
		return int(m.Tiles[0].ID)<<8 | rel
	}
	return -1
}
