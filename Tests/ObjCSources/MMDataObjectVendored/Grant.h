#import "MMDataObject.h"

@interface Grant : MMDataObject

@property (nonatomic, strong) NSString *accessToken;
@property (nonatomic, strong) NSDate *expiresAt;

@end
