"""Writes the peer screens as Adaptive Cards 1.6 JSON, the way a card author would write them by hand.

Run once when the peer screens change; its output is checked in (Benchmarks/peers/adaptive-cards/)
and scripts/bench-peers weighs those files:
    python adaptive_cards.py SCREENS_DIR OUT_DIR    reads SCREENS_DIR/<name>.json (Screenplay)

Adaptive Cards has no grid, carousel, rectangle or arbitrary colours: grids become ColumnSets of
rows, carousels one ColumnSet, bars Containers with a minimum height and a named style, hex colours
the nearest named colour. App-defined widgets keep their type with Adaptive Cards' own `fallback`.
"""
import json
import re
import sys
from pathlib import Path

COMPACT = dict(ensure_ascii=False, separators=(",", ":"))


def px(value):
    return f"{int(value)}px"


def size_name(points):
    if points is None:
        return None
    return "small" if points <= 12 else None if points <= 14 else "medium" if points <= 17 else "large" if points <= 21 else "extraLarge"


def colour_name(value):
    if isinstance(value, dict):
        value = value.get("light")
    if not value:
        return None
    red, green = int(value[1:3], 16), int(value[3:5], 16)
    if red > 180 and green < 120:
        return "attention"
    if green > 180 and red < 120:
        return "good"
    if red > 180 and green > 120:
        return "warning"
    return "accent" if value.lower() not in ("#616161", "#757575", "#9e9e9e") else None


def markdown(markup):
    text = re.sub(r"</?(strong|b)>", "**", markup)
    text = re.sub(r"</?(em|i)>", "_", text)
    text = re.sub(r'<a href="([^"]*)">(.*?)</a>', r"[\2](\1)", text)
    return re.sub(r"<br\s*/?>", "\n\n", text)


def select_action(node):
    action = node.get("action")
    if not action:
        return None
    if action["type"] == "navigate":
        return {"type": "Action.OpenUrl", "url": action["url"]}
    return {"type": "Action.Submit", "data": {"intent": action.get("name", action["type"])}}


def with_common(element, node):
    if node.get("id"):
        element["id"] = node["id"]
    action = select_action(node)
    if action and element["type"] in ("Container", "ColumnSet", "Column", "Image"):
        element["selectAction"] = action
    style = node.get("style") or {}
    if style.get("background") and element["type"] == "Container":
        element["style"] = "emphasis"
    if style.get("padding") and element["type"] == "Container":
        element["bleed"] = False
    return element


def spaced(items, spacing):
    if spacing:
        for item in items[1:]:
            item["spacing"] = "small" if spacing <= 8 else "medium"
    return items


def columns(children, spacing=None, width="auto"):
    return {"type": "ColumnSet", "columns": spaced([{"type": "Column", "width": width, "items": [convert(c)]} for c in children], spacing)}


def text_block(text, node, **extra):
    block = {"type": "TextBlock", "text": text, "wrap": True}
    if size_name(node.get("size")):
        block["size"] = size_name(node.get("size"))
    if node.get("weight") in ("semibold", "bold"):
        block["weight"] = "bolder"
    if colour_name(node.get("color")):
        block["color"] = colour_name(node.get("color"))
    if node.get("lineLimit"):
        block["maxLines"] = node["lineLimit"]
    block.update(extra)
    return block


def generic_item(node):
    def line(key, **extra):
        return {"type": "TextBlock", "text": node[key], "wrap": True, **extra} if node.get(key) else None

    top = [x for x in (line("title", weight="bolder"), line("topRightDetail", isSubtle=True, size="small", horizontalAlignment="right")) if x]
    bottom = [x for x in (line("bottomLeftDetail", weight="bolder"), line("bottomRightDetail", isSubtle=True, horizontalAlignment="right")) if x]
    rows = [{"type": "ColumnSet", "columns": [{"type": "Column", "width": "stretch" if i == 0 else "auto", "items": [t]} for i, t in enumerate(top)]}]
    rows += [x for x in (line("subtitle", isSubtle=True, spacing="none"), {"type": "TextBlock", "text": markdown(node["detail"]), "wrap": True} if node.get("detail") else None) if x]
    if bottom:
        rows.append({"type": "ColumnSet", "columns": [{"type": "Column", "width": "stretch" if i == 0 else "auto", "items": [t]} for i, t in enumerate(bottom)]})
    cols = [{"type": "Column", "width": "stretch", "items": rows}]
    if node.get("imageURL"):
        cols.insert(0, {"type": "Column", "width": "auto", "items": [{"type": "Image", "url": node["imageURL"], "style": "person", "size": "small"}]})
    item = {"type": "ColumnSet", "columns": cols}
    if node.get("url"):
        item["selectAction"] = {"type": "Action.OpenUrl", "url": node["url"]}
    if node.get("id"):
        item["id"] = node["id"]
    return item


def convert(node):
    kind = node["type"]
    if kind in ("vstack", "scroll", "zstack") and not (kind == "scroll" and node.get("axis") == "horizontal"):
        return with_common({"type": "Container", "items": spaced([convert(c) for c in node.get("children", [])], node.get("spacing"))}, node)
    if kind in ("hstack", "carousel") or kind == "scroll":
        return with_common(columns(node.get("children", []), node.get("spacing")), node)
    if kind == "list":
        items = []
        for section in node.get("sections", []):
            if section.get("title"):
                items.append({"type": "TextBlock", "text": section["title"], "weight": "bolder", "isSubtle": True, "separator": True})
            items += [convert(c) for c in section.get("children", [])]
        return {"type": "Container", "items": items}
    if kind == "grid":
        count, children = node["columns"], node["children"]
        rows = [columns(children[i:i + count], node.get("spacing"), width="stretch") for i in range(0, len(children), count)]
        return with_common({"type": "Container", "items": spaced(rows, node.get("spacing"))}, node)
    if kind == "spacer":
        return {"type": "Container", "items": [], "height": "stretch"}
    if kind == "divider":
        return {"type": "Container", "items": [], "separator": True}
    if kind == "text":
        return with_common(text_block(node["text"], node), node)
    if kind == "richText":
        return with_common(text_block(markdown(node.get("markup", "")), node), node)
    if kind == "image":
        image = {"type": "Image", "url": node["url"]}
        if isinstance(node.get("width"), (int, float)):
            image["width"] = px(node["width"])
        if isinstance(node.get("height"), (int, float)):
            image["height"] = px(node["height"])
        if node.get("accessibilityLabel"):
            image["altText"] = node["accessibilityLabel"]
        return with_common(image, node)
    if kind == "rectangle":
        bar = {"type": "Container", "items": [], "minHeight": px(node.get("height", 1)), "style": {"attention": "attention", "good": "good"}.get(colour_name(node.get("color")), "warning")}
        return with_common(bar, node)
    if kind == "badge":
        return with_common(text_block(node.get("text", ""), node, size="small", color="accent"), node)
    if kind == "button":
        return with_common({"type": "ActionSet", "actions": [dict(select_action(node), title=node["title"])]}, node)
    if kind == "textField":
        return {"type": "Input.Text", "id": node["key"], "placeholder": node.get("placeholder", "")}
    if kind == "toggle":
        return {"type": "Input.Toggle", "id": node["key"], "title": node.get("title", "")}
    if kind == "item":
        return generic_item(node)
    # App-defined: Adaptive Cards keeps unknown element types with a per-element `fallback`.
    element = {k: v for k, v in node.items() if k != "fallback"}
    if node.get("fallback"):
        element["fallback"] = convert(node["fallback"])
    return element


def card(screen):
    body = convert(screen["body"])
    return {"type": "AdaptiveCard", "version": "1.6", "body": body["items"] if body["type"] == "Container" and len(body) == 2 else [body]}


if __name__ == "__main__":
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    target.mkdir(parents=True, exist_ok=True)
    for name in ("requests", "cities", "home", "gallery"):
        screen = json.loads((source / f"{name}.json").read_text())
        (target / f"{name}.json").write_text(json.dumps(card(screen), **COMPACT))
