package tables

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Combine returns the entry of two groups taken together: for each m and p, the least total
// distance over the ways to split m sets and p pairs between them. It is commutative and
// associative.
func Combine(a, b uint64) uint64 {
	var az, ap, bz, bp [5]uint64
	for i := range 5 {
		az[i] = a >> (4 * i) & 15
		ap[i] = a >> (4 * (i + 5)) & 15
		bz[i] = b >> (4 * i) & 15
		bp[i] = b >> (4 * (i + 5)) & 15
	}
	var r uint64
	for m := range 5 {
		z, p := uint64(15), uint64(15)
		for i := 0; i <= m; i++ {
			z = min(z, az[i]+bz[m-i])
			p = min(p, az[i]+bp[m-i], ap[i]+bz[m-i])
		}
		r |= z<<(4*m) | p<<(4*(m+5))
	}
	return r
}

// Finish returns the least distance to sets sets and a pair over two entries.
func Finish(a, b uint64, sets int) int {
	d := uint64(15)
	for i := 0; i <= sets; i++ {
		j := sets - i
		az, ap := a>>(4*i)&15, a>>(4*(i+5))&15
		bz, bp := b>>(4*j)&15, b>>(4*(j+5))&15
		d = min(d, az+bp, ap+bz)
	}
	return int(d)
}

// Tables holds everything package shanten looks up. Vectors of a group are ranked by an Index;
// vectors with the same ten distances share a class (126 for a suit, 55 for the honours, as
// Cryolite's nyanten found), and the min-plus product of classes is tabulated, so that the
// distance of a whole hand takes three lookups and no arithmetic:
//
//	k01  := Pair01[SuitClass[r0]*NSuit + SuitClass[r1]]     // two suits
//	k012 := Pair012[k01*NSuit + SuitClass[r2]]               // three suits
//	d    := Final[(k012*NHonor + HonorClass[rh])*5 + sets]   // with the honours, sets sets + pair
//
// The products are commutative, so the same tables serve any order of the suits.
type Tables struct {
	SuitClass, HonorClass []uint8  // rank -> class
	SuitEntry, HonorEntry []uint64 // class -> ten 4-bit distances (lane m+5p)
	Pair01                []uint8  // NSuit x NSuit -> two-suit class
	Pair012               []uint8  // NPair x NSuit -> three-suit class
	PairEntry             []uint64 // two-suit class -> distances (also the three-suit classes)
	Final                 []uint8  // NPair x NHonor x 5 -> distance to sets sets and a pair
	SuitDone, HonorDone   []uint64 // rank bit set: the vector is a complete group shape
	SuitWait, HonorWait   []uint16 // rank -> bit i set: adding kind i makes a complete group shape
}

// NSuit returns the number of suit classes.
func (t *Tables) NSuit() int { return len(t.SuitEntry) }

// NHonor returns the number of honour classes.
func (t *Tables) NHonor() int { return len(t.HonorEntry) }

// NPair returns the number of two-suit classes (which are also the three-suit classes).
func (t *Tables) NPair() int { return len(t.PairEntry) }

// classify assigns each distinct entry a class in order of first appearance.
func classify(dist []uint64) (class []uint8, entries []uint64) {
	ids := map[uint64]uint8{}
	class = make([]uint8, len(dist))
	for r, e := range dist {
		id, ok := ids[e]
		if !ok {
			id = uint8(len(entries))
			ids[e] = id
			entries = append(entries, e)
		}
		class[r] = id
	}
	return class, entries
}

// Build computes the tables from scratch (about a tenth of a second).
func Build() *Tables {
	suit, honor := NewIndex(9, 5, true), NewIndex(7, 4, false)
	t := &Tables{SuitDone: CompleteBits(suit), HonorDone: CompleteBits(honor)}
	t.SuitWait, t.HonorWait = WaitMasks(suit, t.SuitDone), WaitMasks(honor, t.HonorDone)
	t.SuitClass, t.SuitEntry = classify(Distances(suit))
	t.HonorClass, t.HonorEntry = classify(Distances(honor))
	ids := map[uint64]uint8{}
	id := func(e uint64) uint8 {
		k, ok := ids[e]
		if !ok {
			k = uint8(len(t.PairEntry))
			ids[e] = k
			t.PairEntry = append(t.PairEntry, e)
		}
		return k
	}
	ns := t.NSuit()
	t.Pair01 = make([]uint8, ns*ns)
	for a, ea := range t.SuitEntry {
		for b, eb := range t.SuitEntry {
			t.Pair01[a*ns+b] = id(Combine(ea, eb))
		}
	}
	// Three-suit products stay within the two-suit classes (checked here, as the table is sized by
	// NPair); extend the set until it is closed.
	for k := 0; k < len(t.PairEntry); k++ {
		for _, eb := range t.SuitEntry {
			id(Combine(t.PairEntry[k], eb))
		}
	}
	if len(t.PairEntry) > 256 || len(t.SuitEntry) > 256 || len(t.HonorEntry) > 256 {
		panic("tables: more than 256 classes")
	}
	np := t.NPair()
	t.Pair012 = make([]uint8, np*ns)
	for k, ek := range t.PairEntry {
		for b, eb := range t.SuitEntry {
			t.Pair012[k*ns+b] = id(Combine(ek, eb))
		}
	}
	nh := t.NHonor()
	t.Final = make([]uint8, np*nh*5)
	for k, ek := range t.PairEntry {
		for h, eh := range t.HonorEntry {
			for sets := range 5 {
				t.Final[(k*nh+h)*5+sets] = uint8(Finish(ek, eh, sets))
			}
		}
	}
	return t
}

// WaitMasks returns, for every ranked vector, the kinds that make it a complete group shape when
// added (never a fifth copy).
func WaitMasks(ix *Index, done []uint64) []uint16 {
	w := make([]uint16, ix.Size)
	for r := range ix.Size {
		v := ix.Vector(r)
		for i := range ix.Digits {
			if v[i] == 4 {
				continue
			}
			v[i]++
			if q, ok := ix.RankOf(&v); ok && done[q/64]>>(q%64)&1 != 0 {
				w[r] |= 1 << i
			}
			v[i]--
		}
	}
	return w
}

// The encoding: a magic word, then each section as a uint32 length and its bytes (uint64
// sections little-endian).
const magic = "mjshnt02"

func (t *Tables) sections8() []*[]uint8 {
	return []*[]uint8{&t.SuitClass, &t.HonorClass, &t.Pair01, &t.Pair012, &t.Final}
}

func (t *Tables) sections16() []*[]uint16 {
	return []*[]uint16{&t.SuitWait, &t.HonorWait}
}

func (t *Tables) sections64() []*[]uint64 {
	return []*[]uint64{&t.SuitEntry, &t.HonorEntry, &t.PairEntry, &t.SuitDone, &t.HonorDone}
}

// MarshalBinary encodes the tables.
func (t *Tables) MarshalBinary() ([]byte, error) {
	b := []byte(magic)
	for _, s := range t.sections16() {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(*s)))
		for _, x := range *s {
			b = binary.LittleEndian.AppendUint16(b, x)
		}
	}
	for _, s := range t.sections8() {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(*s)))
		b = append(b, *s...)
	}
	for _, s := range t.sections64() {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(*s)))
		for _, x := range *s {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
	}
	return b, nil
}

var errShort = errors.New("tables: truncated data")

// UnmarshalBinary decodes tables written by MarshalBinary.
func (t *Tables) UnmarshalBinary(b []byte) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return fmt.Errorf("tables: bad magic")
	}
	b = b[len(magic):]
	next := func(size int) ([]byte, error) {
		if len(b) < 4 {
			return nil, errShort
		}
		n := int(binary.LittleEndian.Uint32(b))
		b = b[4:]
		if n > len(b)/size {
			return nil, errShort
		}
		s := b[:n*size]
		b = b[n*size:]
		return s, nil
	}
	for _, s := range t.sections16() {
		d, err := next(2)
		if err != nil {
			return err
		}
		*s = make([]uint16, len(d)/2)
		for i := range *s {
			(*s)[i] = binary.LittleEndian.Uint16(d[2*i:])
		}
	}
	for _, s := range t.sections8() {
		d, err := next(1)
		if err != nil {
			return err
		}
		*s = append([]uint8(nil), d...)
	}
	for _, s := range t.sections64() {
		d, err := next(8)
		if err != nil {
			return err
		}
		*s = make([]uint64, len(d)/8)
		for i := range *s {
			(*s)[i] = binary.LittleEndian.Uint64(d[8*i:])
		}
	}
	if len(b) != 0 {
		return fmt.Errorf("tables: %d trailing bytes", len(b))
	}
	return nil
}
