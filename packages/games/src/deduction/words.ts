/**
 * The built-in Korean keyword lists of the deduction game, one per theme, each with an English
 * gloss for the English interface. A game's pool is drawn from one theme (or from all of them,
 * MIXED). Lists are data: the order of a list is part of the deal (changing a list changes the
 * pool a seed gives), so words are only ever appended.
 */

export const DEDUCTION_THEMES = ['ANIMALS', 'FOODS', 'PROGRAMMING', 'JOBS'] as const;
export type DeductionThemeId = (typeof DEDUCTION_THEMES)[number];
export type DeductionTheme = DeductionThemeId | 'MIXED';

export interface Keyword {
  ko: string;
  en: string;
}

const ANIMALS =
  '강아지:puppy|고양이:cat|호랑이:tiger|사자:lion|코끼리:elephant|기린:giraffe|얼룩말:zebra|하마:hippo|코뿔소:rhino|원숭이:monkey|' +
  '고릴라:gorilla|침팬지:chimpanzee|판다:panda|곰:bear|북극곰:polar bear|여우:fox|늑대:wolf|너구리:raccoon dog|오소리:badger|수달:otter|' +
  '비버:beaver|다람쥐:chipmunk|토끼:rabbit|햄스터:hamster|고슴도치:hedgehog|두더지:mole|박쥐:bat|사슴:deer|고라니:water deer|순록:reindeer|' +
  '낙타:camel|말:horse|당나귀:donkey|소:cow|돼지:pig|양:sheep|염소:goat|닭:chicken|오리:duck|거위:goose|' +
  '칠면조:turkey|참새:sparrow|까치:magpie|까마귀:crow|비둘기:pigeon|독수리:eagle|매:hawk|부엉이:eagle owl|올빼미:tawny owl|앵무새:parrot|' +
  '펭귄:penguin|타조:ostrich|플라밍고:flamingo|백조:swan|두루미:crane|황새:stork|제비:swallow|딱따구리:woodpecker|공작:peacock|갈매기:seagull|' +
  '고래:whale|돌고래:dolphin|상어:shark|물개:fur seal|바다표범:seal|해마:seahorse|문어:octopus|오징어:squid|해파리:jellyfish|불가사리:starfish|' +
  '거북:turtle|악어:crocodile|도마뱀:lizard|카멜레온:chameleon|뱀:snake|개구리:frog|두꺼비:toad|도롱뇽:salamander|나비:butterfly|나방:moth|' +
  '꿀벌:honeybee|개미:ant|잠자리:dragonfly|메뚜기:grasshopper|귀뚜라미:cricket|무당벌레:ladybug|사마귀:mantis|거미:spider|전갈:scorpion|달팽이:snail|' +
  '지렁이:earthworm|캥거루:kangaroo|코알라:koala|나무늘보:sloth|알파카:alpaca|라마:llama|치타:cheetah|표범:leopard|재규어:jaguar|하이에나:hyena|' +
  '미어캣:meerkat|스컹크:skunk|족제비:weasel|청설모:red squirrel|가오리:stingray|꽃게:blue crab|가재:crayfish|북극여우:arctic fox|수리부엉이:horned owl|반딧불이:firefly';

const FOODS =
  '김치:kimchi|비빔밥:bibimbap|불고기:bulgogi|떡볶이:tteokbokki|김밥:gimbap|라면:ramyeon|냉면:cold noodles|삼겹살:pork belly|갈비:galbi|된장찌개:soybean stew|' +
  '김치찌개:kimchi stew|순두부찌개:soft tofu stew|부대찌개:army stew|삼계탕:ginseng chicken soup|설렁탕:ox bone soup|갈비탕:short rib soup|떡국:rice cake soup|만두:dumplings|잡채:japchae|파전:green onion pancake|' +
  '김치전:kimchi pancake|순대:sundae sausage|어묵:fish cake|호떡:hotteok|붕어빵:fish-shaped bun|송편:songpyeon|약과:yakgwa|식혜:sikhye|수정과:cinnamon punch|막걸리:makgeolli|' +
  '녹차:green tea|커피:coffee|우유:milk|두부:tofu|계란말이:rolled omelette|제육볶음:spicy pork|닭갈비:dakgalbi|찜닭:braised chicken|족발:pig trotters|보쌈:bossam|' +
  '쌈밥:ssambap|콩나물국:bean sprout soup|미역국:seaweed soup|육개장:spicy beef soup|칼국수:knife noodles|수제비:hand-torn noodles|짜장면:jjajangmyeon|짬뽕:jjamppong|탕수육:sweet and sour pork|볶음밥:fried rice|' +
  '오므라이스:omurice|돈가스:pork cutlet|카레:curry|우동:udon|초밥:sushi|생선회:sashimi|피자:pizza|햄버거:hamburger|파스타:pasta|스테이크:steak|' +
  '샐러드:salad|샌드위치:sandwich|토스트:toast|핫도그:hot dog|치킨:fried chicken|감자튀김:french fries|팝콘:popcorn|케이크:cake|쿠키:cookie|도넛:doughnut|' +
  '아이스크림:ice cream|빙수:bingsu|초콜릿:chocolate|사탕:candy|젤리:jelly|와플:waffle|팬케이크:pancake|마카롱:macaron|크루아상:croissant|베이글:bagel|' +
  '사과:apple|배:pear|귤:tangerine|딸기:strawberry|수박:watermelon|참외:korean melon|포도:grapes|복숭아:peach|바나나:banana|망고:mango|' +
  '감:persimmon|군밤:roasted chestnuts|고구마:sweet potato|감자:potato|옥수수:corn|호박죽:pumpkin porridge|누룽지:scorched rice|식빵:sliced bread|꿀떡:honey rice cake|양념게장:spicy raw crab';

const PROGRAMMING =
  '변수:variable|함수:function|클래스:class|객체:object|배열:array|문자열:string|정수:integer|실수:float|불리언:boolean|반복문:loop|' +
  '조건문:conditional|재귀:recursion|포인터:pointer|참조:reference|스택:stack|큐:queue|힙:heap|트리:tree|그래프:graph|해시:hash|' +
  '정렬:sorting|탐색:search|알고리즘:algorithm|자료구조:data structure|컴파일러:compiler|인터프리터:interpreter|디버거:debugger|중단점:breakpoint|예외:exception|스레드:thread|' +
  '프로세스:process|동시성:concurrency|비동기:async|콜백:callback|프로미스:promise|이벤트:event|모듈:module|패키지:package|라이브러리:library|프레임워크:framework|' +
  '인터페이스:interface|상속:inheritance|다형성:polymorphism|캡슐화:encapsulation|추상화:abstraction|생성자:constructor|메서드:method|매개변수:parameter|반환값:return value|주석:comment|' +
  '들여쓰기:indentation|문법:syntax|타입:type|제네릭:generics|람다:lambda|클로저:closure|이터레이터:iterator|제너레이터:generator|직렬화:serialization|캐시:cache|' +
  '메모리:memory|가비지컬렉션:garbage collection|데이터베이스:database|트랜잭션:transaction|인덱스:index|쿼리:query|스키마:schema|마이그레이션:migration|서버:server|클라이언트:client|' +
  '프로토콜:protocol|소켓:socket|라우터:router|미들웨어:middleware|세션:session|쿠키:cookie|토큰:token|암호화:encryption|인증:authentication|권한:authorization|' +
  '배포:deployment|빌드:build|테스트:test|리팩터링:refactoring|버전관리:version control|커밋:commit|브랜치:branch|병합:merge|충돌:conflict|코드리뷰:code review|' +
  '버그:bug|로그:log|모니터링:monitoring|컨테이너:container|가상머신:virtual machine|클라우드:cloud|로드밸런서:load balancer|프록시:proxy|방화벽:firewall|도메인:domain|' +
  '렌더링:rendering|컴포넌트:component|상태관리:state management|정규식:regular expression|터미널:terminal|환경변수:environment variable|비트연산:bitwise operation|큐잉:queueing|샤딩:sharding|웹훅:webhook';

const JOBS =
  '의사:doctor|간호사:nurse|약사:pharmacist|교사:teacher|교수:professor|변호사:lawyer|판사:judge|검사:prosecutor|경찰관:police officer|소방관:firefighter|' +
  '군인:soldier|요리사:cook|제빵사:baker|바리스타:barista|농부:farmer|어부:fisher|목수:carpenter|배관공:plumber|전기기사:electrician|정비사:mechanic|' +
  '택시기사:taxi driver|조종사:pilot|승무원:flight attendant|기관사:train driver|선장:ship captain|집배원:mail carrier|택배기사:courier|은행원:bank teller|회계사:accountant|세무사:tax accountant|' +
  '건축가:architect|디자이너:designer|개발자:developer|기자:journalist|작가:writer|시인:poet|화가:painter|조각가:sculptor|사진작가:photographer|영화감독:film director|' +
  '배우:actor|가수:singer|작곡가:composer|피아니스트:pianist|지휘자:conductor|무용가:dancer|아나운서:announcer|통역사:interpreter|번역가:translator|사서:librarian|' +
  '연구원:researcher|과학자:scientist|수의사:veterinarian|치과의사:dentist|한의사:korean medicine doctor|미용사:hairdresser|재단사:tailor|플로리스트:florist|정원사:gardener|환경미화원:street cleaner|' +
  '경비원:security guard|상담사:counselor|사회복지사:social worker|보육교사:childcare teacher|코치:coach|심판:referee|운동선수:athlete|프로게이머:pro gamer|유튜버:youtuber|마술사:magician|' +
  '광부:miner|선원:sailor|항해사:navigator|외교관:diplomat|정치인:politician|공무원:civil servant|비서:secretary|영업사원:salesperson|마케터:marketer|기획자:planner|' +
  '편집자:editor|큐레이터:curator|고고학자:archaeologist|천문학자:astronomer|도예가:potter|대장장이:blacksmith|소믈리에:sommelier|호텔리어:hotelier|여행가이드:tour guide|웹툰작가:webtoon artist|' +
  '성우:voice actor|모델:model|스턴트맨:stunt performer|경호원:bodyguard|탐정:detective|우주비행사:astronaut|로봇공학자:roboticist|데이터분석가:data analyst|보안전문가:security expert|게임기획자:game designer|' +
  '물리치료사:physiotherapist|안경사:optician|조향사:perfumer|파티시에:patissier|드론조종사:drone pilot|산림감시원:forest ranger|등대지기:lighthouse keeper|동물사육사:zookeeper|피부관리사:esthetician|응급구조사:paramedic';

function parse(list: string): Keyword[] {
  return list.split('|').map((pair) => {
    const [ko, en] = pair.split(':') as [string, string];
    return { ko, en };
  });
}

export const DEDUCTION_WORDS: Record<DeductionThemeId, readonly Keyword[]> = {
  ANIMALS: parse(ANIMALS),
  FOODS: parse(FOODS),
  PROGRAMMING: parse(PROGRAMMING),
  JOBS: parse(JOBS),
};

let mixed: Keyword[] | null = null;
/** Every theme's words, first occurrence of a Korean word kept. */
export function themeWords(theme: DeductionTheme): readonly Keyword[] {
  if (theme !== 'MIXED') return DEDUCTION_WORDS[theme];
  if (!mixed) {
    const seen = new Set<string>();
    mixed = [];
    for (const t of DEDUCTION_THEMES) {
      for (const w of DEDUCTION_WORDS[t]) {
        if (!seen.has(w.ko)) {
          seen.add(w.ko);
          mixed.push(w);
        }
      }
    }
  }
  return mixed;
}
