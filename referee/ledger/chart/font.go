package chart

import (
	"errors"
	"fmt"
	"sync"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/mjref/mjref/internal/safeio"
)

// face is a font to draw a chart's text with.
type face struct {
	font *sfnt.Font
	// family is the CSS font-family list an SVG names: the font's own family, then fallbacks, so
	// that a viewer without the font still draws the text in one of its own.
	family string

	mu    sync.Mutex
	buf   sfnt.Buffer
	sized map[float64]font.Face // for PNG text, by size in pixels
}

// builtin is Liberation Sans Regular, parsed on the first drawing (never when the package loads).
var builtin struct {
	once sync.Once
	face *face
	err  error
}

func builtinFace() (*face, error) {
	builtin.once.Do(func() {
		f, err := sfnt.Parse(liberationsansregular.TTF)
		if err != nil {
			builtin.err = fmt.Errorf("the built-in font: %v", err) // a bug: the font is embedded
			return
		}
		builtin.face = &face{font: f, family: "'Liberation Sans', Arial, Helvetica, sans-serif"}
	})
	return builtin.face, builtin.err
}

// loadFont reads a font file (the first font of a collection).
func loadFont(path string) (*face, error) {
	data, err := safeio.ReadFile(path, safeio.FontLimit) // a regular file, bounded
	if err != nil {
		return nil, errors.New(safeio.Reason(err))
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		coll, cerr := sfnt.ParseCollection(data)
		if cerr != nil {
			return nil, fmt.Errorf("not a TrueType or OpenType font: %v", err)
		}
		if f, err = coll.Font(0); err != nil {
			return nil, err
		}
	}
	fc := &face{font: f, family: "sans-serif"}
	if name, err := f.Name(&fc.buf, sfnt.NameIDFamily); err == nil && name != "" {
		fc.family = "'" + cssString(name) + "', sans-serif"
	}
	// The chart's own text (digits, signs, the P1..P4 places) must draw, or the font is no use.
	if !fc.covers(chartText) {
		return nil, errNoGlyphs
	}
	return fc, nil
}

// cssString keeps a font's name from ending the quoted CSS string it is written in.
func cssString(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\'' || r == '\\' || r < ' ' {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// chartText is text every chart draws: axis numbers, signs, and the places a name falls back to.
const chartText = "0123456789+-P"

// covers reports whether f has a glyph for every character of the texts (spaces aside) and can
// load its outline: a font whose tables do not parse (some .ttc collections) draws nothing.
func (f *face) covers(texts ...string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, t := range texts {
		for _, r := range t {
			if r == ' ' {
				continue
			}
			g, err := f.font.GlyphIndex(&f.buf, r)
			if err != nil || g == 0 {
				return false
			}
			if _, err := f.font.LoadGlyph(&f.buf, g, fixed.I(12), nil); err != nil {
				return false
			}
		}
	}
	return true
}

// width is the advance of s set in size (in the same unit as size), kerning included.
func (f *face) width(s string, size float64) float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	ppem := fixed.Int26_6(size * 64)
	var w fixed.Int26_6
	prev, havePrev := sfnt.GlyphIndex(0), false
	for _, r := range s {
		g, err := f.font.GlyphIndex(&f.buf, r)
		if err != nil {
			continue
		}
		if havePrev {
			if k, err := f.font.Kern(&f.buf, prev, g, ppem, font.HintingNone); err == nil {
				w += k
			}
		}
		if a, err := f.font.GlyphAdvance(&f.buf, g, ppem, font.HintingNone); err == nil {
			w += a
		}
		prev, havePrev = g, true
	}
	return float64(w) / 64
}

// sizedFace is the face to draw PNG text of size pixels with.
func (f *face) sizedFace(size float64) (font.Face, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fc, ok := f.sized[size]; ok {
		return fc, nil
	}
	fc, err := opentype.NewFace(f.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	if f.sized == nil {
		f.sized = map[float64]font.Face{}
	}
	f.sized[size] = fc
	return fc, nil
}
