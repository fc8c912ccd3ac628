"""The peer screens built with DivKit's own Python builder (pydivkit), for scripts/bench-peers.

Two builders, both timed as build + serialise (pydivkit objects -> JSON text):
- `from_screenplay`: any Screenplay screen, node by node, the way a DivKit backend would write the
  same screen by hand: containers, texts with ranges for <strong>/<em>, images, galleries, inputs,
  and `custom` divs for app-defined widgets. It starts from the screen's already parsed JSON, so the
  time is the builder's alone (Screenplay's time includes its own data and formatting).
- `gallery`: the 1,000-item gallery written directly with pydivkit, with and without a template,
  and with divkit-rs, DivKit's Rust-backed drop-in for pydivkit (same objects, same bytes).

    python divkit_screens.py DIR    reads DIR/<name>.plain.json, writes DIR/<name>.divkit.json and
                                    DIR/gallery.divkit-templates.json, prints timing lines
"""
import json
import re
import statistics
import sys
import time
from pathlib import Path

import pydivkit as dk

COMPACT = dict(ensure_ascii=False, separators=(",", ":"))


def serialise(div, variables=None):
    document = dk.make_div(div)
    if variables:
        document["card"]["variables"] = variables
    return json.dumps(document, **COMPACT)


# ---------------------------------------------------------------- Screenplay JSON -> pydivkit


def size(value):
    if value == "fill":
        return dk.DivMatchParentSize()
    if isinstance(value, (int, float)):
        return dk.DivFixedSize(value=int(value))
    return None


def colour(value):
    if isinstance(value, dict):  # {"light": ..., "dark": ...}: DivKit has one colour per field
        return value.get("light")
    return value


def action(node):
    act = node.get("action")
    if not act:
        return None
    log_id = node.get("id") or "tap"
    if act["type"] == "navigate":
        return dk.DivAction(log_id=log_id, url=act["url"])
    if act["type"] == "intent":
        return dk.DivAction(log_id=log_id, url="screenplay://intent?name=" + act["name"])
    return dk.DivAction(log_id=log_id, url="screenplay://" + act["type"])


def common(node):
    """What every Screenplay node may carry, as DivKit's common fields."""
    fields = {}
    if node.get("id"):
        fields["id"] = node["id"]
    if node.get("accessibilityLabel"):
        fields["accessibility"] = dk.DivAccessibility(description=node["accessibilityLabel"])
    style = node.get("style") or {}
    padding = style.get("padding")
    if padding is not None:
        if isinstance(padding, (int, float)):
            padding = {"top": padding, "leading": padding, "bottom": padding, "trailing": padding}
        fields["paddings"] = dk.DivEdgeInsets(
            top=int(padding.get("top", 0)), bottom=int(padding.get("bottom", 0)),
            left=int(padding.get("leading", 0)), right=int(padding.get("trailing", 0)))
    if style.get("background"):
        fields["background"] = [dk.DivSolidBackground(color=colour(style["background"]))]
    if style.get("cornerRadius"):
        fields["border"] = dk.DivBorder(corner_radius=int(style["cornerRadius"]))
    return fields


def markup(text):
    """Screenplay's closed markup subset as DivKit text plus ranges."""
    plain, ranges, stack = "", [], []
    for token in re.split(r"(<[^>]+>)", text):
        tag = token.lower()
        if tag in ("<strong>", "<b>", "<em>", "<i>") or tag.startswith("<a "):
            stack.append((tag, len(plain)))
        elif tag in ("</strong>", "</b>", "</em>", "</i>", "</a>") and stack:
            opened, start = stack.pop()
            if opened in ("<strong>", "<b>"):
                ranges.append(dk.DivTextRange(start=start, end=len(plain), font_weight=dk.DivFontWeight.BOLD))
            elif opened in ("<em>", "<i>"):
                ranges.append(dk.DivTextRange(start=start, end=len(plain), font_family="italic"))
            else:
                href = re.search(r'href="([^"]*)"', opened)
                ranges.append(dk.DivTextRange(start=start, end=len(plain), underline=dk.DivLineStyle.SINGLE,
                                              actions=[dk.DivAction(log_id="link", url=href.group(1) if href else "")]))
        elif tag in ("<br>", "<br/>", "<br />"):
            plain += "\n"
        else:
            plain += token
    return plain, ranges


WEIGHTS = {"regular": dk.DivFontWeight.REGULAR, "medium": dk.DivFontWeight.MEDIUM,
           "semibold": dk.DivFontWeight.MEDIUM, "bold": dk.DivFontWeight.BOLD}


def text(node, extra=None):
    fields = common(node)
    fields.update(extra or {})
    if node.get("size"):
        fields["font_size"] = int(node["size"])
    if node.get("weight"):
        fields["font_weight"] = WEIGHTS[node["weight"]]
    if node.get("color"):
        fields["text_color"] = colour(node["color"])
    if node.get("lineLimit"):
        fields["max_lines"] = node["lineLimit"]
    body = node.get("text", "")
    if node["type"] == "richText":
        body, ranges = markup(node.get("markup", ""))
        if ranges:
            fields["ranges"] = ranges
    return dk.DivText(text=body, action=action(node), **fields)


def container(node, orientation, variables):
    fields = common(node)
    alignment = node.get("alignment")
    if orientation == dk.DivContainerOrientation.VERTICAL and alignment in ("center", "trailing"):
        fields["content_alignment_horizontal"] = "center" if alignment == "center" else "end"
    if orientation == dk.DivContainerOrientation.HORIZONTAL and alignment in ("top", "center", "bottom"):
        fields["content_alignment_vertical"] = alignment
    if node.get("spacing"):
        fields["item_spacing"] = int(node["spacing"])
    return dk.DivContainer(orientation=orientation, action=action(node),
                           items=[convert(child, variables) for child in node.get("children", [])], **fields)


def generic_item(node):
    """The Drivy write-up's generic item ("request" or "message" layout), as DivKit composes it."""
    def line(key, **extra):
        return dk.DivText(text=node[key], **extra) if node.get(key) else None

    detail = None
    if node.get("detail"):
        body, ranges = markup(node["detail"])
        detail = dk.DivText(text=body, ranges=ranges or None, font_size=14)
    top = [x for x in (line("title", font_size=16, font_weight=dk.DivFontWeight.MEDIUM, width=dk.DivMatchParentSize()),
                       line("topRightDetail", font_size=13, text_color="#757575")) if x]
    bottom = [x for x in (line("bottomLeftDetail", font_size=14, font_weight=dk.DivFontWeight.MEDIUM, width=dk.DivMatchParentSize()),
                          line("bottomRightDetail", font_size=13, text_color="#757575")) if x]
    rows = [dk.DivContainer(orientation=dk.DivContainerOrientation.HORIZONTAL, items=top)] if top else []
    rows += [x for x in (line("subtitle", font_size=14, text_color="#757575"), detail) if x]
    if bottom:
        rows.append(dk.DivContainer(orientation=dk.DivContainerOrientation.HORIZONTAL, items=bottom))
    content = dk.DivContainer(items=rows, item_spacing=4, width=dk.DivMatchParentSize())
    items = [content]
    if node.get("imageURL"):
        items.insert(0, dk.DivImage(image_url=node["imageURL"], width=dk.DivFixedSize(value=48),
                                    height=dk.DivFixedSize(value=48), border=dk.DivBorder(corner_radius=24)))
    url = node.get("url")
    return dk.DivContainer(
        id=node.get("id"), orientation=dk.DivContainerOrientation.HORIZONTAL, item_spacing=12, items=items,
        paddings=dk.DivEdgeInsets(top=12, bottom=12, left=16, right=16),
        action=dk.DivAction(log_id=node.get("id") or "item", url=url) if url else None)


def convert(node, variables):
    kind = node["type"]
    if kind == "vstack":
        return container(node, dk.DivContainerOrientation.VERTICAL, variables)
    if kind == "hstack":
        return container(node, dk.DivContainerOrientation.HORIZONTAL, variables)
    if kind == "zstack":
        return container(node, dk.DivContainerOrientation.OVERLAP, variables)
    if kind == "scroll":
        if node.get("axis") == "horizontal":
            return dk.DivGallery(items=[convert(c, variables) for c in node["children"]], item_spacing=int(node.get("spacing", 0)), **common(node))
        return container(node, dk.DivContainerOrientation.VERTICAL, variables)
    if kind == "list":
        items = []
        for section in node.get("sections", []):
            if section.get("title"):
                items.append(dk.DivText(text=section["title"], font_size=13, font_weight=dk.DivFontWeight.MEDIUM,
                                        text_color="#757575", paddings=dk.DivEdgeInsets(top=16, left=16, right=16)))
            items += [convert(child, variables) for child in section.get("children", [])]
        return dk.DivContainer(items=items, **common(node))
    if kind == "spacer":
        return dk.DivSeparator(width=dk.DivMatchParentSize(weight=1), delimiter_style=dk.DivSeparatorDelimiterStyle(color="#00000000"))
    if kind == "divider":
        return dk.DivSeparator()
    if kind == "carousel":
        width = node.get("itemWidth")
        children = []
        for child in node["children"]:
            converted = convert(child, variables)
            if width:
                converted.width = dk.DivFixedSize(value=int(width))
            children.append(converted)
        return dk.DivGallery(items=children, item_spacing=int(node.get("spacing", 0)), **common(node))
    if kind == "grid":
        return dk.DivGallery(items=[convert(c, variables) for c in node["children"]], column_count=node["columns"],
                             item_spacing=int(node.get("spacing", 0)), cross_spacing=int(node.get("spacing", 0)), **common(node))
    if kind in ("text", "richText"):
        return text(node)
    if kind == "image":
        fields = common(node)
        for key, name in (("width", "width"), ("height", "height")):
            if node.get(key) is not None:
                fields[name] = size(node[key])
        if node.get("contentMode"):
            fields["scale"] = dk.DivImageScale.FILL if node["contentMode"] == "fill" else dk.DivImageScale.FIT
        if node.get("placeholderColor"):
            fields["placeholder_color"] = colour(node["placeholderColor"])
        return dk.DivImage(image_url=node["url"], action=action(node), **fields)
    if kind == "rectangle":
        fields = common(node)
        fields["background"] = [dk.DivSolidBackground(color=colour(node.get("color", "#000000")))]
        if node.get("cornerRadius"):
            fields["border"] = dk.DivBorder(corner_radius=int(node["cornerRadius"]))
        return dk.DivContainer(items=[], width=size(node.get("width", "fill")), height=size(node.get("height", 1)), **fields)
    if kind == "badge":
        return text(node, {"background": [dk.DivSolidBackground(color=colour(node.get("color", "#e0e0e0")))],
                           "border": dk.DivBorder(corner_radius=8), "paddings": dk.DivEdgeInsets(left=6, right=6, top=2, bottom=2)})
    if kind == "button":
        fields = common(node)
        fields.setdefault("background", [dk.DivSolidBackground(color="#1e88e5")])
        fields.setdefault("border", dk.DivBorder(corner_radius=8))
        fields.setdefault("paddings", dk.DivEdgeInsets(left=16, right=16, top=8, bottom=8))
        return dk.DivText(text=node["title"], text_color="#ffffff", action=action(node), **fields)
    if kind == "textField":
        variables.append({"type": "string", "name": node["key"], "value": ""})
        return dk.DivInput(text_variable=node["key"], hint_text=node.get("placeholder"), **common(node))
    if kind == "toggle":
        variables.append({"type": "boolean", "name": node["key"], "value": False})
        return dk.DivContainer(orientation=dk.DivContainerOrientation.HORIZONTAL, items=[
            dk.DivText(text=node.get("title", ""), width=dk.DivMatchParentSize()), dk.DivSwitch(is_on_variable=node["key"])], **common(node))
    if kind == "item":
        return generic_item(node)
    # An app-defined widget: DivKit's `custom` div carries its properties (DivKit has no fallback).
    properties = {k: v for k, v in node.items() if k not in ("type", "id", "fallback")}
    return dk.DivCustom(custom_type=kind, custom_props=properties or None, **common(node))


def from_screenplay(screen):
    variables = []
    for key, value in (screen.get("state") or {}).items():
        variables.append({"type": "string", "name": key, "value": str(value)})
    return serialise(convert(screen["body"], variables), variables)


# ---------------------------------------------------------------- the gallery, written directly


def product(index):
    return dk.DivContainer(
        id=f"product.{index}",
        action=dk.DivAction(log_id=f"product.{index}", url=f"/products/{index}"),
        item_spacing=4,
        items=[
            dk.DivImage(image_url=f"https://images.example.com/products/{index}.jpg", width=dk.DivMatchParentSize(),
                        height=dk.DivFixedSize(value=120), scale=dk.DivImageScale.FILL),
            dk.DivText(text=f"Product {index}", font_size=15, font_weight=dk.DivFontWeight.MEDIUM, max_lines=1),
            dk.DivText(text=f"€{10 + index % 90}", font_size=13, text_color="#616161"),
        ])


class ProductCard(dk.DivContainer):
    """The gallery's card as a DivKit template: each instance carries only its own values."""
    product_id: str = dk.Field()
    product_url: str = dk.Field()
    image: str = dk.Field()
    title: str = dk.Field()
    price: str = dk.Field()

    item_spacing = 4
    items = [
        dk.DivImage(image_url=dk.Ref(image), width=dk.DivMatchParentSize(), height=dk.DivFixedSize(value=120), scale=dk.DivImageScale.FILL),
        dk.DivText(text=dk.Ref(title), font_size=15, font_weight=dk.DivFontWeight.MEDIUM, max_lines=1),
        dk.DivText(text=dk.Ref(price), font_size=13, text_color="#616161"),
    ]
    id = dk.Ref(product_id)
    action = dk.DivAction(log_id="product", url=dk.Ref(product_url))


def gallery(count=1000):
    return serialise(dk.DivGallery(items=[product(i) for i in range(count)], column_count=2, item_spacing=8, cross_spacing=8))


def gallery_with_template(count=1000):
    return serialise(dk.DivGallery(items=[
        ProductCard(product_id=f"product.{i}", product_url=f"/products/{i}", image=f"https://images.example.com/products/{i}.jpg",
                    title=f"Product {i}", price=f"€{10 + i % 90}") for i in range(count)], column_count=2, item_spacing=8, cross_spacing=8))


def gallery_rust(count=1000):
    """The same gallery with divkit-rs, the Rust-backed drop-in for pydivkit (if installed)."""
    import divkit_rs as dr

    return json.dumps(dr.make_div(dr.DivGallery(items=[
        dr.DivContainer(
            id=f"product.{i}", action=dr.DivAction(log_id=f"product.{i}", url=f"/products/{i}"), item_spacing=4,
            items=[
                dr.DivImage(image_url=f"https://images.example.com/products/{i}.jpg", width=dr.DivMatchParentSize(),
                            height=dr.DivFixedSize(value=120), scale="fill"),
                dr.DivText(text=f"Product {i}", font_size=15, font_weight="medium", max_lines=1),
                dr.DivText(text=f"€{10 + i % 90}", font_size=13, text_color="#616161"),
            ]) for i in range(count)], column_count=2, item_spacing=8, cross_spacing=8)), **COMPACT)


def timed(build, minimum_samples=20, minimum_seconds=3.0):
    build()
    samples, start = [], time.perf_counter()
    while len(samples) < minimum_samples or time.perf_counter() - start < minimum_seconds:
        began = time.perf_counter()
        build()
        samples.append(time.perf_counter() - began)
    return statistics.median(samples) * 1000, len(samples)


def main(directory):
    directory = Path(directory)
    builders = {}
    for name in ("requests", "cities", "home", "gallery"):
        screen = json.loads((directory / f"{name}.plain.json").read_text())
        builders[name] = (lambda screen=screen: from_screenplay(screen))
    builders["gallery"] = gallery
    builders["gallery.divkit-templates"] = gallery_with_template
    try:
        import divkit_rs  # noqa: F401
        builders["gallery.divkit-rs"] = gallery_rust
    except ImportError:
        pass
    for name, build in builders.items():
        output = build()
        suffix = "" if "." in name else ".divkit"
        (directory / f"{name}{suffix}.json").write_text(output)
        median, samples = timed(build)
        print(f"divkit {name} {median:.4f} {len(output.encode())} {samples}")


if __name__ == "__main__":
    main(sys.argv[1])
