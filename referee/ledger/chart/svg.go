package chart

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
)

// writeSVG writes the layout as an SVG picture. Text is written as <text> elements in the face's
// family, with fallbacks: any viewer draws it with the fonts it has. Lines drawn one after another
// in one style are one path.
func (l *layout) writeSVG(w io.Writer, f *face) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%spt" height="%spt" viewBox="0 0 %s %s" font-family="`,
		num(pageWidth), num(pageHeight), num(pageWidth), num(pageHeight))
	xml.EscapeText(b, []byte(f.family))
	b.WriteString("\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
	for i := 0; i < len(l.ops); i++ {
		switch o := l.ops[i]; {
		case o.line != nil:
			st := o.line.style
			b.WriteString(`<path d="`)
			for ; i < len(l.ops) && l.ops[i].line != nil && sameStyle(l.ops[i].line.style, st); i++ {
				for k, p := range l.ops[i].line.points {
					if k == 0 {
						b.WriteByte('M')
					} else {
						b.WriteByte('L')
					}
					fmt.Fprintf(b, "%s %s", num(p.x), num(p.y))
				}
			}
			i--
			fmt.Fprintf(b, `" fill="none" stroke="#%02x%02x%02x" stroke-width="%s" stroke-linejoin="round"`, st.color.R, st.color.G, st.color.B, num(st.width))
			if len(st.dashes) > 0 {
				b.WriteString(` stroke-dasharray="`)
				for k, d := range st.dashes {
					if k > 0 {
						b.WriteByte(' ')
					}
					b.WriteString(num(d))
				}
				b.WriteByte('"')
			}
			b.WriteString("/>\n")
		case o.box != nil:
			r := o.box
			fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"#%02x%02x%02x\" fill-opacity=\"%s\"/>\n",
				num(r.x0), num(r.y0), num(r.x1-r.x0), num(r.y1-r.y0), r.color.R, r.color.G, r.color.B, num(float64(r.color.A)/255))
		case o.text != nil:
			t := o.text
			if t.rotate {
				fmt.Fprintf(b, `<text transform="translate(%s %s) rotate(-90)"`, num(t.x), num(t.y))
			} else {
				fmt.Fprintf(b, `<text x="%s" y="%s"`, num(t.x), num(t.y))
			}
			fmt.Fprintf(b, ` font-size="%s"`, num(t.size))
			switch t.anchor {
			case anchorMiddle:
				b.WriteString(` text-anchor="middle"`)
			case anchorEnd:
				b.WriteString(` text-anchor="end"`)
			}
			if t.color != black {
				fmt.Fprintf(b, ` fill="#%02x%02x%02x"`, t.color.R, t.color.G, t.color.B)
			}
			b.WriteByte('>')
			xml.EscapeText(b, []byte(t.text))
			b.WriteString("</text>\n")
		}
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

func sameStyle(a, b lineStyle) bool {
	return a.color == b.color && a.width == b.width && slices.Equal(a.dashes, b.dashes)
}

// num writes a coordinate to a hundredth of a point.
func num(v float64) string { return plain(v, 2) }
